import { IonButton, IonIcon } from '@ionic/react';
import { addOutline, closeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/fields';
import { joinList, listValue } from '../../../ui/form-modal';
import './plus-schedule.css';

/*
 * The schedule controls of Plus and v1 (plus-signage §2.7, §9): seven day buttons and a list of 24-hour time
 * ranges (a period's dates are ui/date-time-field's PickedField).
 */

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
        <IonButton
          key={name}
          size="small"
          fill={chosen.has(String(i)) ? 'solid' : 'outline'}
          aria-pressed={chosen.has(String(i))}
          onClick={() => toggle(String(i))}
          data-testid={`schedule-day-${i}`}
        >
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
          <TextField
            value={r.start}
            placeholder="hh:mm"
            inputMode="numeric"
            maxLength={5}
            label={`${t('schedule.timeStart')} ${i + 1}`}
            labelHidden
            autocomplete="off"
            onChange={(text) => edit(i, 'start', text)}
            testId="schedule-range-start"
          />
          <span aria-hidden="true">–</span>
          <TextField
            value={r.end}
            placeholder="hh:mm"
            inputMode="numeric"
            maxLength={5}
            label={`${t('schedule.timeEnd')} ${i + 1}`}
            labelHidden
            autocomplete="off"
            onChange={(text) => edit(i, 'end', text)}
            testId="schedule-range-end"
          />
          <IonButton
            fill="clear"
            size="small"
            aria-label={t('schedule.removeRange', { n: i + 1 })}
            onClick={() => set(ranges.filter((_, j) => j !== i))}
          >
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
