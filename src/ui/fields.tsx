import { IonCheckbox, IonInput, IonSelect, IonSelectOption, IonTextarea } from '@ionic/react';
import './fields.css';

/*
 * The form-field primitives (issue 31 §7): text, number, select and checkbox, each an Ionic control with the
 * outline look of the rest of the console, so that a screen cannot drift into plain browser controls. A field
 * shows its label above it; `labelHidden` keeps the label for screen readers only (a cell under a column header).
 * data-testid sits on the Ionic element: tests reach the typed text through its inner input.
 */

interface FieldBase {
  /** Already translated. */
  label: string;
  /** In a table cell the column header says it: the label is then only announced. */
  labelHidden?: boolean;
  disabled?: boolean;
  testId?: string;
  className?: string;
}

const labelProps = ({ label, labelHidden }: FieldBase) =>
  labelHidden ? { 'aria-label': label } : { label, labelPlacement: 'stacked' as const };
const classes = (base: string, { labelHidden, className }: FieldBase) =>
  [base, labelHidden ? 'field--bare' : '', className ?? ''].filter(Boolean).join(' ');

export interface TextFieldProps extends FieldBase {
  value: string | number;
  /** The text as typed; a number field's caller decides what a valid number is. */
  onChange: (text: string) => void;
  type?: 'text' | 'number' | 'url' | 'password';
  placeholder?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'url';
  autocomplete?: 'off' | 'on';
  id?: string;
  /** The control's form name (on the input inside). */
  name?: string;
}

export function TextField(props: TextFieldProps) {
  const {
    value,
    onChange,
    type = 'text',
    placeholder,
    maxLength,
    min,
    max,
    step,
    inputMode,
    autocomplete,
    id,
    name,
    disabled,
    testId,
  } = props;
  return (
    <IonInput
      {...labelProps(props)}
      id={id}
      name={name}
      className={classes('field', props)}
      fill="outline"
      type={type}
      value={value}
      placeholder={placeholder}
      maxlength={maxLength}
      min={min}
      max={max}
      step={step === undefined ? undefined : String(step)}
      inputmode={inputMode ?? (type === 'number' ? 'numeric' : undefined)}
      autocomplete={autocomplete}
      disabled={disabled}
      data-testid={testId}
      onIonInput={(e) => onChange(String(e.detail.value ?? ''))}
    />
  );
}

export interface TextAreaFieldProps extends FieldBase {
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  rows?: number;
  id?: string;
}

/** Several lines of text (a mail body, a list of codes); it grows with its text up to a phone's screen. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { value, onChange, placeholder, rows = 5, id, disabled, testId } = props;
  return (
    <IonTextarea
      {...labelProps(props)}
      id={id}
      className={classes('field', props)}
      fill="outline"
      value={value}
      placeholder={placeholder}
      rows={rows}
      disabled={disabled}
      data-testid={testId}
      onIonInput={(e) => onChange(String(e.detail.value ?? ''))}
    />
  );
}

export interface SelectFieldProps extends FieldBase {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A choice from a list, in a popover beside the field (an action sheet would cover a phone's whole screen). */
export function SelectField(props: SelectFieldProps) {
  const { value, options, onChange, placeholder, disabled, testId } = props;
  return (
    <IonSelect
      {...labelProps(props)}
      className={classes('field', props)}
      fill="outline"
      interface="popover"
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      data-testid={testId}
      onIonChange={(e) => onChange(String(e.detail.value ?? ''))}
    >
      {options.map((o) => (
        <IonSelectOption key={o.value} value={o.value}>
          {o.label}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}

export interface CheckboxFieldProps extends FieldBase {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField(props: CheckboxFieldProps) {
  const { label, labelHidden, checked, onChange, disabled, testId } = props;
  return (
    <IonCheckbox
      className={classes('field-checkbox', props)}
      labelPlacement="end"
      justify="start"
      checked={checked}
      disabled={disabled}
      aria-label={labelHidden ? label : undefined}
      data-testid={testId}
      onIonChange={(e) => onChange(e.detail.checked)}
    >
      {labelHidden ? undefined : label}
    </IonCheckbox>
  );
}

export interface CheckboxListFieldProps extends FieldBase {
  options: readonly { value: string; label: string }[];
  /** The ticked values; the callback gets them in the options' order. */
  ticked: readonly string[];
  onChange: (ticked: string[]) => void;
  id?: string;
}

/**
 * From this many options a list scrolls in its own frame (a chain's stores); a shorter one (the change categories)
 * stands whole in the dialog, which scrolls, so no box hides under the frame's edge.
 */
const SCROLLED_LIST_FROM = 30;

/** One checkbox per option under the field's label, each a thumb-high target (a member's stores, categories). */
export function CheckboxListField(props: CheckboxListFieldProps) {
  const { label, options, ticked, onChange, id, disabled, testId } = props;
  const on = new Set(ticked);
  const toggle = (value: string, checked: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === value ? checked : on.has(v))));
  const labelId = `${id ?? testId ?? 'checkboxes'}-label`;
  return (
    <div className={classes('field-checkbox-list', props)}>
      <span className="field-checkboxes-label" id={labelId}>
        {label}
      </span>
      <div
        className={options.length > SCROLLED_LIST_FROM ? 'field-checkboxes field-checkboxes--long' : 'field-checkboxes'}
        id={id}
        role="group"
        aria-labelledby={labelId}
        data-testid={testId}
      >
        {options.map((o) => (
          <CheckboxField
            key={o.value}
            label={o.label}
            checked={on.has(o.value)}
            disabled={disabled}
            onChange={(checked) => toggle(o.value, checked)}
          />
        ))}
      </div>
    </div>
  );
}
