import { useState, type MouseEvent } from 'react';
import { IonButton, IonDatetime, IonIcon, IonPopover } from '@ionic/react';
import { addOutline, calendarOutline, closeOutline, timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { TIME_PICKER_MINUTE_STEP } from '../../api/contract/constants-admin';
import { PICKER_MINUTES } from '../../ui/date-time-field';
import { TextField } from '../../ui/fields';
import { joinList, listValue } from '../../ui/form-modal';
import { TIME_PATTERN } from './schedule-text';
import './plus-schedule.css';

/*
 * The schedule controls of Plus and v1 (plus-signage §2.7, §9): seven day buttons, a list of 24-hour time ranges,
 * and a date or a time field with a picker.
 */

/** yyyy-mm-dd, as the server takes a period's dates. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type PickerKind = 'date' | 'time';
const PLACEHOLDER: Record<PickerKind, string> = { date: 'yyyy-mm-dd', time: 'hh:mm' };

/** The field's text as the picker's value; the minutes down to the picker's step. Undefined while not valid. */
export function pickerValueOf(kind: PickerKind, text: string): string | undefined {
  if (kind === 'date') return DATE_PATTERN.test(text) ? text : undefined;
  if (!TIME_PATTERN.test(text)) return undefined;
  const minute = Math.floor(Number(text.slice(3)) / TIME_PICKER_MINUTE_STEP) * TIME_PICKER_MINUTE_STEP;
  return `${text.slice(0, 3)}${String(minute).padStart(2, '0')}`;
}

/** The picker's value (a date, a time, or an ISO date-time) as the field's text: yyyy-mm-dd or hh:mm. */
export function pickedText(kind: PickerKind, iso: string): string {
  if (kind === 'date') return iso.slice(0, 10);
  return (iso.includes('T') ? iso.slice(iso.indexOf('T') + 1) : iso).slice(0, 5);
}

interface PickerFieldProps {
  kind: PickerKind;
  label: string;
  /** Inside a FormModal the modal draws the label above a custom field: the field's own is then only announced. */
  labelHidden?: boolean;
  value: string;
  onChange: (text: string) => void;
  id?: string;
  testId?: string;
}

/**
 * A date (yyyy-mm-dd) or a time (hh:mm, 24-hour) as text that may be typed, and a button opening Ionic's picker
 * in a popover beside it, minutes in steps of 5 — the pattern of ui/date-time-field for a date or a time alone.
 */
export function PickerField({ kind, label, labelHidden, value, onChange, id, testId }: PickerFieldProps) {
  const { t } = useTranslation('plusTemplates');
  const common = useTranslation('common').t;
  const [opener, setOpener] = useState<MouseEvent['nativeEvent']>();
  return (
    <span className="schedule-picker-field">
      <TextField id={id} label={label} labelHidden={labelHidden} value={value} placeholder={PLACEHOLDER[kind]} maxLength={PLACEHOLDER[kind].length} autocomplete="off" onChange={onChange} testId={testId} />
      <IonButton type="button" fill="clear" aria-label={t(kind === 'date' ? 'schedule.pickDate' : 'schedule.pickTime', { field: label })} onClick={(e) => setOpener(e.nativeEvent)} data-testid={testId && `${testId}-pick`}>
        <IonIcon slot="icon-only" icon={kind === 'date' ? calendarOutline : timeOutline} aria-hidden="true" />
      </IonButton>
      <IonPopover isOpen={Boolean(opener)} event={opener} onDidDismiss={() => setOpener(undefined)} className="schedule-picker-popover">
        <IonDatetime
          presentation={kind}
          hourCycle="h23"
          minuteValues={PICKER_MINUTES}
          value={pickerValueOf(kind, value)}
          showDefaultButtons
          doneText={common('dateTime.done')}
          cancelText={common('dateTime.cancel')}
          onIonChange={(e) => {
            const picked = e.detail.value;
            if (typeof picked === 'string') onChange(pickedText(kind, picked));
            setOpener(undefined);
          }}
          onIonCancel={() => setOpener(undefined)}
          data-testid={testId && `${testId}-picker`}
        />
      </IonPopover>
    </span>
  );
}

export type TimeRangeText = { start: string; end: string };
/** The ranges ride in the form as JSON text, as every FormModal value is text. */
export const rangesOf = (value: string): TimeRangeText[] => {
  try {
    const parsed = JSON.parse(value || '[]') as TimeRangeText[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};

/** Seven toggle buttons, Sunday (0) first; the value is the chosen day numbers joined by commas. */
export function DayButtons({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('plusTemplates');
  const names = t('schedule.dayNames', { returnObjects: true }) as string[];
  const chosen = new Set(listValue(value));
  const toggle = (day: string) => {
    const next = names.map((_, i) => String(i)).filter((d) => (d === day ? !chosen.has(d) : chosen.has(d)));
    onChange(joinList(next));
  };
  return (
    <div className="schedule-days" id={id} role="group" aria-label={t('schedule.days')}>
      {names.map((name, i) => (
        <IonButton key={name} size="small" fill={chosen.has(String(i)) ? 'solid' : 'outline'} aria-pressed={chosen.has(String(i))} onClick={() => toggle(String(i))} data-testid={`schedule-day-${i}`}>
          {name}
        </IonButton>
      ))}
    </div>
  );
}

/** Rows of start and end (hh:mm, 24-hour) with a remove button each, and a button adding a row. */
export function TimeRanges({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('plusTemplates');
  const ranges = rangesOf(value);
  const set = (next: TimeRangeText[]) => onChange(JSON.stringify(next));
  const edit = (i: number, key: keyof TimeRangeText, text: string) => set(ranges.map((r, j) => (j === i ? { ...r, [key]: text } : r)));
  return (
    <div className="schedule-ranges" id={id}>
      {ranges.map((r, i) => (
        <div className="schedule-range" key={i}>
          <TextField value={r.start} placeholder="hh:mm" inputMode="numeric" maxLength={5} label={`${t('schedule.timeStart')} ${i + 1}`} labelHidden autocomplete="off" onChange={(text) => edit(i, 'start', text)} testId="schedule-range-start" />
          <span aria-hidden="true">–</span>
          <TextField value={r.end} placeholder="hh:mm" inputMode="numeric" maxLength={5} label={`${t('schedule.timeEnd')} ${i + 1}`} labelHidden autocomplete="off" onChange={(text) => edit(i, 'end', text)} testId="schedule-range-end" />
          <IonButton fill="clear" size="small" aria-label={t('schedule.removeRange', { n: i + 1 })} onClick={() => set(ranges.filter((_, j) => j !== i))}>
            <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
          </IonButton>
        </div>
      ))}
      <IonButton fill="outline" size="small" onClick={() => set([...ranges, { start: '', end: '' }])} data-testid="schedule-add-range">
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        {t('schedule.addRange')}
      </IonButton>
    </div>
  );
}
