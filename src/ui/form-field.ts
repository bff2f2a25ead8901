import type { ReactNode } from 'react';
import type { FormValues } from './form-values';

/** One field of a FormModal, declared by a screen; drawn by form-field-control.tsx with the ui/fields primitives. */
export interface FormField {
  name: string;
  /** Already translated. */
  label: string;
  /**
   * 'checkbox' holds 'true' or ''; 'checkboxes' (one per option) holds the ticked values joined by commas —
   * the values stay strings so that every rule and `initial` work alike.
   */
  type?: 'text' | 'number' | 'password' | 'select' | 'textarea' | 'checkbox' | 'checkboxes' | 'custom';
  /** The control of a 'custom' field (e.g. a map picker): it holds its value as text like every other field. */
  render?: (control: { id: string; value: string; onChange: (value: string) => void }) => ReactNode;
  options?: readonly { value: string; label: string }[];
  /** The spec's message when the field is empty after trimming. */
  required?: string;
  /** Further checks in order; the first message found stops the submit. */
  validate?: (value: string, values: FormValues) => string | undefined;
  placeholder?: string;
  readOnly?: boolean;
  inputMode?: 'numeric' | 'decimal' | 'text';
  /**
   * Opens a section of fields under this heading, running to the next heading (e.g. one gateway of a list edited at
   * once, the store's timings): on a wide dialog a section sets its short fields side by side.
   */
  heading?: string;
}
