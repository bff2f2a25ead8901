import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { IonButton, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from './dialogs';
import { focusPrimitive, primitiveControl } from './form-field-control';
import { listValue, joinList, type FormValues } from './form-values';
import { ModalFrame } from './modal-frame';
import './form-modal.css';

export { joinList, listValue, type FormValues } from './form-values';

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
  /**
   * Draws text, number, select and checkbox fields with the field primitives (src/ui/fields) instead of the
   * browser's controls (issue 31 §7). Forms move over one by one, each with its e2e page model.
   */
  primitives?: boolean;
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

function FormBody({ testId, fields, initial, submitLabel, tools, errorTitle, onSubmit, primitives }: FormBodyProps) {
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
      const input = inputs.current[problem.field];
      if (input) input.focus();
      else focusPrimitive(`${testId}-${problem.field}`);
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

  const renderField = (field: FormField) => {
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
    const wide = field.type === 'custom' || field.type === 'textarea' || field.type === 'checkboxes';
    const primitive =
      primitives &&
      primitiveControl(field, { id: `${testId}-${field.name}`, value: values[field.name] ?? '', invalid: invalid?.field === field.name, onChange: (value) => setValues((v) => ({ ...v, [field.name]: value })) });
    if (primitive) {
      return (
        <div className={wide ? 'form-modal-field form-modal-field--wide' : 'form-modal-field'} key={field.name}>
          {primitive}
          {invalid?.field === field.name && (
            <IonNote color="danger" id={`${testId}-${field.name}-error`} role="alert">
              {invalid.message}
            </IonNote>
          )}
        </div>
      );
    }
    const className = ['form-modal-field', field.type === 'checkbox' && 'form-modal-field--checkbox', wide && 'form-modal-field--wide'].filter(Boolean).join(' ');
    return (
      <div className={className} key={field.name}>
        {field.type === 'checkbox' ? (
          // The box before its words, both one target: a thumb taps the words as well (issue 31 §8).
          <label htmlFor={common.id}>
            <input
              {...common}
              type="checkbox"
              value="true"
              checked={values[field.name] === 'true'}
              disabled={field.readOnly}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.checked ? 'true' : '' }))}
            />
            <span>{field.label}</span>
          </label>
        ) : (
          <label htmlFor={common.id}>{field.label}</label>
        )}
        {field.type === 'custom' ? (
          field.render?.({ id: `${testId}-${field.name}`, value: values[field.name] ?? '', onChange: (value) => setValues((v) => ({ ...v, [field.name]: value })) })
        ) : field.type === 'checkbox' ? null : field.type === 'checkboxes' ? (
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
  };

  return (
    <form className="form-modal" onSubmit={(e) => void submit(e)} noValidate>
      {sectionsOf(shown).map((section, i) =>
        section.heading ? (
          <section className="form-modal-section" key={`${i}-${section.heading}`} aria-labelledby={`${testId}-section-${i}`} data-testid={`${testId}-section`}>
            <h3 className="form-modal-heading" id={`${testId}-section-${i}`}>
              {section.heading}
            </h3>
            {section.fields.map(renderField)}
          </section>
        ) : (
          section.fields.map(renderField)
        ),
      )}
      {tools?.map((tool) => (
        <IonButton key={tool.label} type="button" fill="outline" onClick={() => setValues(tool.apply)} data-testid={tool.testId}>
          {tool.label}
        </IonButton>
      ))}
      {/* Stuck to the bottom of the dialog: a long form (the store's ~30 settings) keeps its Save in reach. */}
      <div className="form-modal-footer">
        <IonButton type="submit" expand="block" disabled={busy}>
          {submitLabel ?? t('dialog.save')}
        </IonButton>
      </div>
    </form>
  );
}

/** The fields under their headings: each heading opens a section that runs to the next heading. */
function sectionsOf(fields: readonly FormField[]): { heading?: string; fields: FormField[] }[] {
  const sections: { heading?: string; fields: FormField[] }[] = [];
  for (const field of fields) {
    if (field.heading || sections.length === 0) sections.push({ heading: field.heading, fields: [] });
    sections[sections.length - 1].fields.push(field);
  }
  return sections;
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
