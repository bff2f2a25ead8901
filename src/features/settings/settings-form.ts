import type { TFunction } from 'i18next';
import type { FormField, FormValues } from '../../ui/form-modal';

/*
 * The pieces the settings forms share: whole-number fields, on/off choices and the conversions between the form's
 * text values and the calls' bodies. Messages carry the screen's spec title ('Setting Server Error', …) so the
 * member sees which rule of console-admin §5 stopped the save.
 */

type T = TFunction<'settings'>;

const WHOLE = /^\d+$/;

/** A whole-number field; `required` with the screen's error title in front of the message. */
export function numberField(t: T, name: string, opts: { required?: string; min?: number } = {}): FormField {
  const label = t(`fields.${name}` as 'fields.panId');
  return {
    name,
    label,
    inputMode: 'numeric',
    required: opts.required ? `${opts.required}: ${t('form.required', { field: label })}` : undefined,
    validate: (value) => {
      if (!value) return undefined;
      if (!WHOLE.test(value)) return t('form.number', { field: label });
      if (opts.min !== undefined && Number(value) < opts.min) return t('form.marginMin', { field: label, min: opts.min });
      return undefined;
    },
  };
}

export function textField(
  t: T,
  name: string,
  opts: { required?: string; label?: string; type?: FormField['type']; placeholder?: string } = {},
): FormField {
  const label = opts.label ?? t(`fields.${name}` as 'fields.panId');
  return {
    name,
    label,
    type: opts.type,
    placeholder: opts.placeholder,
    required: opts.required ? `${opts.required}: ${t('form.required', { field: label })}` : undefined,
  };
}

export const onOffOptions = (t: T) => [
  { value: 'on', label: t('form.on') },
  { value: 'off', label: t('form.off') },
];

export const onOff = (flag: boolean | undefined) => (flag ? 'on' : 'off');
export const isOn = (value: string | undefined) => value === 'on';

/** A number of the form, or undefined when the field was left empty (the server then keeps its default). */
export const intOf = (value: string | undefined): number | undefined => (value?.trim() ? Number(value.trim()) : undefined);
export const textOf = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** Form values of a record: numbers and texts as text, null and undefined as empty. */
export function valuesOf(record: Record<string, unknown>, names: readonly string[]): FormValues {
  return Object.fromEntries(names.map((name) => [name, record[name] === null || record[name] === undefined ? '' : String(record[name])]));
}
