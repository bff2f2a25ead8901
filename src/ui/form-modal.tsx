import { useState, type FormEvent } from 'react';
import { IonButton, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from './dialogs';
import { focusPrimitive, primitiveControl } from './form-field-control';
import type { FormField } from './form-field';
import type { FormValues } from './form-values';
import { ModalFrame } from './modal-frame';
import './form-modal.css';

export { joinList, listValue, type FormValues } from './form-values';
export type { FormField } from './form-field';

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
 * FormModal (docs/architecture.md §4): fields declared once, the spec's messages shown under the first invalid field, which
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
  // What the opener knows can arrive after the form opened (the product form's info slots come with the company's
  // aliases; CI saw the form open before them and show none): until the user changes something, the form shows
  // `initial` as it is now; the first change starts from it.
  const [edited, setEdited] = useState<FormValues>();
  const values = edited ?? initial;
  const edit = (change: (v: FormValues) => FormValues) => setEdited((v) => change(v ?? initial));
  const [invalid, setInvalid] = useState<{ field: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const shown = typeof fields === 'function' ? fields(values) : fields;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = firstInvalid(shown, values);
    setInvalid(problem);
    if (problem) {
      focusPrimitive(`${testId}-${problem.field}`);
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

  // Every field is a primitive of ui/fields (issue 31 §7); a 'custom' field (a map picker, a list of rows) draws
  // its own control under the field's label.
  const renderField = (field: FormField) => {
    const id = `${testId}-${field.name}`;
    const value = values[field.name] ?? '';
    const onChange = (next: string) => edit((v) => ({ ...v, [field.name]: next }));
    const isInvalid = invalid?.field === field.name;
    const wide = field.type === 'custom' || field.type === 'textarea' || field.type === 'checkboxes';
    return (
      <div className={wide ? 'form-modal-field form-modal-field--wide' : 'form-modal-field'} key={field.name}>
        {field.type === 'custom' ? (
          <>
            <label htmlFor={id}>{field.label}</label>
            {field.render?.({ id, value, onChange })}
          </>
        ) : (
          primitiveControl(field, { id, value, invalid: isInvalid, onChange })
        )}
        {isInvalid && (
          <IonNote color="danger" id={`${id}-error`} role="alert">
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
          <section
            className="form-modal-section"
            key={`${i}-${section.heading}`}
            aria-labelledby={`${testId}-section-${i}`}
            data-testid={`${testId}-section`}
          >
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
        <IonButton key={tool.label} type="button" fill="outline" onClick={() => edit(tool.apply)} data-testid={tool.testId}>
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
