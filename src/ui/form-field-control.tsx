import type { ReactNode } from 'react';
import { CheckboxField, CheckboxListField, SelectField, TextAreaField, TextField } from './fields';
import type { FormField } from './form-field';
import { joinList, listValue } from './form-values';

/** Ionic marks a field this way as invalid: the red outline, and aria-invalid on the input inside. */
const INVALID = 'ion-invalid ion-touched';

/**
 * A FormModal field drawn with the field primitives (src/ui/fields, issue 31 §7) — text, number, password, text
 * area, select, checkbox and a list of checkboxes; undefined for a 'custom' field, which draws itself. The primitive
 * shows its own label; a read-only field is disabled, as the primitives have no read-only state.
 */
export function primitiveControl(
  field: FormField,
  control: { id: string; value: string; invalid: boolean; onChange: (value: string) => void },
): ReactNode | undefined {
  const { id, value, invalid, onChange } = control;
  const className = invalid ? INVALID : undefined;
  switch (field.type ?? 'text') {
    case 'text':
    case 'number':
    case 'password':
      return (
        <TextField
          id={id}
          name={field.name}
          label={field.label}
          value={value}
          onChange={onChange}
          type={field.type === 'number' ? 'number' : field.type === 'password' ? 'password' : 'text'}
          inputMode={field.inputMode}
          placeholder={field.placeholder}
          disabled={field.readOnly}
          className={className}
          testId={id}
        />
      );
    case 'select':
      return (
        <SelectField
          label={field.label}
          value={value}
          options={field.options ?? []}
          onChange={onChange}
          disabled={field.readOnly}
          className={className}
          testId={id}
        />
      );
    case 'checkbox':
      return (
        <CheckboxField
          label={field.label}
          checked={value === 'true'}
          onChange={(on) => onChange(on ? 'true' : '')}
          disabled={field.readOnly}
          className={className}
          testId={id}
        />
      );
    case 'textarea':
      return (
        <TextAreaField
          id={id}
          label={field.label}
          value={value}
          onChange={onChange}
          placeholder={field.placeholder}
          disabled={field.readOnly}
          className={className}
          testId={id}
        />
      );
    case 'checkboxes':
      return (
        <CheckboxListField
          id={id}
          label={field.label}
          options={field.options ?? []}
          ticked={listValue(value)}
          onChange={(ticked) => onChange(joinList(ticked))}
          disabled={field.readOnly}
          className={className}
          testId={id}
        />
      );
    default:
      return undefined;
  }
}

/** Gives the focus to a primitive found by its id or test id (the first invalid field after a submit). */
export function focusPrimitive(id: string): void {
  const host = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`);
  if (!host) return;
  const input = host as HTMLElement & { setFocus?: () => Promise<void> };
  if (input.setFocus) void input.setFocus();
  else host.focus();
}
