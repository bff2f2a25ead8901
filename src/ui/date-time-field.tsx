import { useState, type MouseEvent } from 'react';
import { IonButton, IonDatetime, IonIcon, IonPopover } from '@ionic/react';
import { calendarOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { TIME_PICKER_MINUTE_STEP } from '../api/contract/constants-admin';
import { formatDateTime, toEpochSeconds } from './format-time';
import './date-time-field.css';

/** The picker's minutes: 0, 5, …, 55 (console-admin §9 "Time picker minute step 5"). */
export const PICKER_MINUTES = Array.from({ length: 60 / TIME_PICKER_MINUTE_STEP }, (_, i) => i * TIME_PICKER_MINUTE_STEP);

/** yyyy-mm-dd hh:ii:ss → the picker's local ISO value (yyyy-mm-ddThh:ii), the minutes on the picker's step. */
export function pickerValue(text: string): string | undefined {
  const seconds = toEpochSeconds(text);
  if (seconds === undefined) return undefined;
  const [date, time] = formatDateTime(seconds * 1000).split(' ');
  const [h, m] = time.split(':').map(Number);
  const minute = Math.floor(m / TIME_PICKER_MINUTE_STEP) * TIME_PICKER_MINUTE_STEP;
  return `${date}T${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The picker's value back to the console's date format (NOTES.md 10: yyyy-mm-dd hh:ii:ss). */
export const fromPicker = (iso: string): string => formatDateTime(new Date(iso.slice(0, 16)));

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/**
 * A date-time field: the text in the spec's format (it may still be typed or pasted) and a calendar button that
 * opens Ionic's date-time picker in a popover, minutes in steps of 5. One primitive for every date filter.
 */
export function DateTimeField({ id, label, value, onChange }: Props) {
  const { t } = useTranslation('common');
  const [opener, setOpener] = useState<MouseEvent['nativeEvent']>();
  return (
    <span className="date-time-field">
      <input id={id} value={value} placeholder="yyyy-mm-dd hh:ii:ss" onChange={(e) => onChange(e.target.value)} />
      <IonButton type="button" size="small" fill="clear" aria-label={t('dateTime.pick', { field: label })} onClick={(e) => setOpener(e.nativeEvent)} data-testid={`${id}-pick`}>
        <IonIcon slot="icon-only" icon={calendarOutline} aria-hidden="true" />
      </IonButton>
      <IonPopover isOpen={Boolean(opener)} event={opener} onDidDismiss={() => setOpener(undefined)} className="date-time-popover">
        <IonDatetime
          presentation="date-time"
          hourCycle="h23"
          minuteValues={PICKER_MINUTES}
          value={pickerValue(value)}
          showDefaultButtons
          doneText={t('dateTime.done')}
          cancelText={t('dateTime.cancel')}
          onIonChange={(e) => {
            const picked = e.detail.value;
            if (typeof picked === 'string') onChange(fromPicker(picked));
            setOpener(undefined);
          }}
          onIonCancel={() => setOpener(undefined)}
          data-testid={`${id}-picker`}
        />
      </IonPopover>
    </span>
  );
}
