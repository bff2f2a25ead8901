import { useState, type MouseEvent } from 'react';
import { IonButton, IonDatetime, IonIcon, IonPopover } from '@ionic/react';
import { calendarOutline, timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { TIME_PICKER_MINUTE_STEP } from '../../contract/schemas/constants-admin';
import { TextField } from './fields';
import { formatDateTime, toEpochSeconds } from './format-time';
import './date-time-field.css';

/** The picker's minutes: 0, 5, …, 55 (console-admin §9 "Time picker minute step 5"). */
// spec: admin §9.3 — time picker minute step 5
export const PICKER_MINUTES = Array.from({ length: 60 / TIME_PICKER_MINUTE_STEP }, (_, i) => i * TIME_PICKER_MINUTE_STEP);

/** yyyy-mm-dd, as the server takes a period's dates. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** hh:mm on a 24-hour clock. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a picked field holds: a moment (the console's yyyy-mm-dd hh:ii:ss), a date or a time of day. */
export type PickedKind = 'date-time' | 'date' | 'time';
const PLACEHOLDER: Record<PickedKind, string> = { 'date-time': 'yyyy-mm-dd hh:ii:ss', date: 'yyyy-mm-dd', time: 'hh:mm' };

const stepDown = (minute: number) => String(Math.floor(minute / TIME_PICKER_MINUTE_STEP) * TIME_PICKER_MINUTE_STEP).padStart(2, '0');

/** yyyy-mm-dd hh:ii:ss → the picker's local ISO value (yyyy-mm-ddThh:ii), the minutes on the picker's step. */
export function pickerValue(text: string): string | undefined {
  const seconds = toEpochSeconds(text);
  if (seconds === undefined) return undefined;
  const [date, time] = formatDateTime(seconds * 1000).split(' ');
  const [h, m] = time.split(':').map(Number);
  return `${date}T${String(h).padStart(2, '0')}:${stepDown(m)}`;
}

/** The picker's value back to the console's date format (NOTES.md 10: yyyy-mm-dd hh:ii:ss). */
export const fromPicker = (iso: string): string => formatDateTime(new Date(iso.slice(0, 16)));

/** The field's text as the picker's value, the minutes down to the picker's step; undefined while not valid. */
export function pickerValueOf(kind: PickedKind, text: string): string | undefined {
  if (kind === 'date-time') return pickerValue(text);
  if (kind === 'date') return DATE_PATTERN.test(text) ? text : undefined;
  return TIME_PATTERN.test(text) ? `${text.slice(0, 3)}${stepDown(Number(text.slice(3)))}` : undefined;
}

/** The picker's value (a date, a time, or an ISO date-time) as the field's text. */
export function pickedText(kind: PickedKind, iso: string): string {
  if (kind === 'date-time') return fromPicker(iso);
  if (kind === 'date') return iso.slice(0, 10);
  return (iso.includes('T') ? iso.slice(iso.indexOf('T') + 1) : iso).slice(0, 5);
}

export interface PickedFieldProps {
  kind: PickedKind;
  /** Already translated. */
  label: string;
  /** Where something else shows the label (a filter's heading, a FormModal's custom field): only announced. */
  labelHidden?: boolean;
  value: string;
  onChange: (text: string) => void;
  id?: string;
  testId?: string;
}

/**
 * A moment, a date or a time as text that may be typed or pasted, and a button opening Ionic's picker in a popover
 * beside it, minutes in steps of 5. One primitive for every date filter and period (issue 31 §7).
 */
export function PickedField({ kind, label, labelHidden, value, onChange, id, testId }: PickedFieldProps) {
  const { t } = useTranslation('common');
  const [opener, setOpener] = useState<MouseEvent['nativeEvent']>();
  const handle = testId ?? id;
  return (
    <span className="date-time-field">
      <TextField
        id={id}
        label={label}
        labelHidden={labelHidden}
        value={value}
        placeholder={PLACEHOLDER[kind]}
        maxLength={PLACEHOLDER[kind].length}
        autocomplete="off"
        onChange={onChange}
        testId={testId}
      />
      <IonButton
        type="button"
        fill="clear"
        aria-label={t(`dateTime.pick.${kind}`, { field: label })}
        onClick={(e) => setOpener(e.nativeEvent)}
        data-testid={handle && `${handle}-pick`}
      >
        <IonIcon slot="icon-only" icon={kind === 'time' ? timeOutline : calendarOutline} aria-hidden="true" />
      </IonButton>
      <IonPopover isOpen={Boolean(opener)} event={opener} onDidDismiss={() => setOpener(undefined)} className="date-time-popover">
        <IonDatetime
          presentation={kind}
          hourCycle="h23"
          minuteValues={PICKER_MINUTES}
          value={pickerValueOf(kind, value)}
          showDefaultButtons
          doneText={t('dateTime.done')}
          cancelText={t('dateTime.cancel')}
          onIonChange={(e) => {
            const picked = e.detail.value;
            if (typeof picked === 'string') onChange(pickedText(kind, picked));
            setOpener(undefined);
          }}
          onIonCancel={() => setOpener(undefined)}
          data-testid={handle && `${handle}-picker`}
        />
      </IonPopover>
    </span>
  );
}

/** A moment in the console's format (yyyy-mm-dd hh:ii:ss), typed or picked: the date filters' field. */
export function DateTimeField(props: Omit<PickedFieldProps, 'kind'>) {
  return <PickedField kind="date-time" {...props} />;
}
