import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { IonButton, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from './dialogs';
import { ModalFrame } from './modal-frame';
import './form-modal.css';

export type FormValues = Record<string, string>;

/** The ticked values of a 'checkboxes' field, and back. */
export const listValue = (value: string | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);
export const joinList = (values: readonly string[]): string => values.join(',');

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
  /** Opens a group of fields under this heading (e.g. one gateway of a list edited at once). */
  heading?: string;
}

/** A button of the form that changes the values without sending them (e.g. adds a row to a list of rows). */
export interface FormTool {
  /** Already translated. */
  label: string;
  testId?: string;
  apply: (values: FormValues) => FormValues;
}

/** The first field whose value breaks a rule, with the spec's message — or undefined when all are fine. */
export function firstInvalid(fields: readonly FormField[], values: FormValues): { field: string; message: string } | undefined {
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) return { field: field.name, message: field.required };
    const message = field.validate?.(value, values);
    if (message) return { field: field.name, message };
  }
  return undefined;
}

/** The fields, or a function of the current values for forms whose fields depend on a choice (e.g. a type). */
export type FormFields = readonly FormField[] | ((values: FormValues) => readonly FormField[]);

export interface FormModalProps {
  isOpen: boolean;
  title: string;
  testId: string;
  fields: FormFields;
  initial: FormValues;
  submitLabel?: string;
  /** Buttons above the submit that edit the values; with `fields` as a function they can add or remove fields. */
  tools?: readonly FormTool[];
  /** Title of the dialog that shows the server's answer to a failed submit (console-core §8: 'Error' by default). */
  errorTitle?: string;
  /** Throw (an ApiFailure) to show the server's message; the modal stays open. */
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

/**
 * FormModal (DESIGN.md §4): fields declared once, the spec's messages shown under the first invalid field, which
 * gets the focus; nothing is sent until every rule holds. A failed submit shows the server's message.
 */
export function FormModal({ isOpen, title, testId, onClose, ...form }: FormModalProps) {
  const { t } = useTranslation('common');
  // Ionic mounts a modal's content only while it is open, so every opening starts from `initial`.
  return (
    <ModalFrame isOpen={isOpen} title={title} onClose={onClose} closeLabel={t('dialog.close')} testId={testId}>
      <FormBody testId={testId} {...form} />
    </ModalFrame>
  );
}

type FormBodyProps = Omit<FormModalProps, 'isOpen' | 'title' | 'onClose'>;

function FormBody({ testId, fields, initial, submitLabel, tools, errorTitle, onSubmit }: FormBodyProps) {
  const { t } = useTranslation('common');
  const dialogs = useDialogs();
  const [values, setValues] = useState<FormValues>(initial);
  const [invalid, setInvalid] = useState<{ field: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Record<string, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>>({});
  const shown = typeof fields === 'function' ? fields(values) : fields;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = firstInvalid(shown, values);
    setInvalid(problem);
    if (problem) {
      inputs.current[problem.field]?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      await dialogs.error((error as Error).message, errorTitle);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-modal" onSubmit={(e) => void submit(e)} noValidate>
      {shown.map((field) => {
        const common = {
          id: `${testId}-${field.name}`,
          name: field.name,
          value: values[field.name] ?? '',
          readOnly: field.readOnly,
          'aria-invalid': invalid?.field === field.name || undefined,
          'aria-describedby': invalid?.field === field.name ? `${testId}-${field.name}-error` : undefined,
          ref: (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null) => {
            inputs.current[field.name] = el;
          },
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field.name]: e.target.value })),
        };
        return (
          <div className="form-modal-field" key={field.name}>
            {field.heading && <h3 className="form-modal-heading">{field.heading}</h3>}
            <label htmlFor={common.id}>{field.label}</label>
            {field.type === 'custom' ? (
              field.render?.({ id: `${testId}-${field.name}`, value: values[field.name] ?? '', onChange: (value) => setValues((v) => ({ ...v, [field.name]: value })) })
            ) : field.type === 'checkbox' ? (
              <input
                {...common}
                type="checkbox"
                value="true"
                checked={values[field.name] === 'true'}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.checked ? 'true' : '' }))}
              />
            ) : field.type === 'checkboxes' ? (
              <CheckboxList field={field} value={values[field.name] ?? ''} id={`${testId}-${field.name}`} onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))} />
            ) : field.type === 'select' ? (
              <select {...common}>
                {field.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'textarea' ? (
              <textarea {...common} rows={5} placeholder={field.placeholder} />
            ) : (
              <input {...common} type={field.type ?? 'text'} placeholder={field.placeholder} inputMode={field.inputMode} />
            )}
            {invalid?.field === field.name && (
              <IonNote color="danger" id={`${testId}-${field.name}-error`} role="alert">
                {invalid.message}
              </IonNote>
            )}
          </div>
        );
      })}
      {tools?.map((tool) => (
        <IonButton key={tool.label} type="button" fill="outline" onClick={() => setValues(tool.apply)} data-testid={tool.testId}>
          {tool.label}
        </IonButton>
      ))}
      <IonButton type="submit" expand="block" disabled={busy}>
        {submitLabel ?? t('dialog.save')}
      </IonButton>
    </form>
  );
}

/** One checkbox per option; the ticked values in option order. */
function CheckboxList({ field, value, id, onChange }: { field: FormField; value: string; id: string; onChange: (value: string) => void }) {
  const ticked = new Set(listValue(value));
  const toggle = (option: string, on: boolean) => {
    const next = field.options?.map((o) => o.value).filter((v) => (v === option ? on : ticked.has(v))) ?? [];
    onChange(joinList(next));
  };
  return (
    <div className="form-modal-checkboxes" id={id} role="group" aria-label={field.label}>
      {field.options?.map((o) => (
        <label key={o.value}>
          <input type="checkbox" checked={ticked.has(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} /> {o.label}
        </label>
      ))}
    </div>
  );
}
