import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { V1Set } from '../../../../contract/schemas/plus-v1';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { SelectField } from '../../../ui/fields';
import { useV1Choices } from './v1-choices';
import { useV1Loaded, V1EditorFrame } from './v1-editor-frame';
import { useRouteParams } from '../../../ui/use-route-params';
import { DATE_PATTERN, TIME_PATTERN, PickedField } from '../../../ui/date-time-field';

interface Range {
  start: string;
  end: string;
}
interface Entry {
  id: string;
  period?: Range;
  days?: number[];
  time?: Range[];
}
const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * /plus/v1/timeline/schedule/{timelineId} (plus-signage §2.6, §5): the sets a timeline plays, each with an optional
 * period, days and time ranges (at least one of them); adding needs a set ('Please select a set.').
 */
// spec: plus §2.67 — schedule update, the screen's own form (the reason below)
export default function V1TimelineSchedulePage() {
  const { t } = useTranslation('plusV1');
  const { timelineId = '' } = useRouteParams();
  const dialogs = useDialogs();
  const [schedule, setSchedule] = useState<Entry[]>([]);
  const loaded = useV1Loaded(endpoints.plusV1TimelineGet, timelineId, (row) => setSchedule(row.schedule));
  const sets = useV1Choices<V1Set>(endpoints.plusV1SetList);
  const [setId, setSetId] = useState('');
  const [period, setPeriod] = useState<Range>({ start: '', end: '' });
  const [days, setDays] = useState<number[]>([]);
  const [time, setTime] = useState<Range>({ start: '', end: '' });

  const add = async () => {
    if (!setId) return dialogs.error(t('messages.selectSet'));
    // Typed text stands in for the browser's date and time inputs, which gave only valid values or nothing.
    const typed = [
      [period.start, DATE_PATTERN],
      [period.end, DATE_PATTERN],
      [time.start, TIME_PATTERN],
      [time.end, TIME_PATTERN],
    ] as const;
    if (typed.some(([text, pattern]) => text && !pattern.test(text))) return dialogs.error(t('timeline.badDateTime'));
    const entry: Entry = {
      id: setId,
      ...(period.start && period.end ? { period } : {}),
      ...(days.length ? { days: [...days].sort() } : {}),
      ...(time.start && time.end ? { time: [time] } : {}),
    };
    if (Object.keys(entry).length < 2) return dialogs.error(t('timeline.emptySchedule'));
    setSchedule([...schedule, entry]);
    setSetId('');
  };
  const setName = (id: string) => sets.find((s) => s.id === id)?.name ?? id;
  const describe = (e: Entry) =>
    [
      e.period ? `${e.period.start} ~ ${e.period.end}` : '',
      e.days?.map((d) => t(`days.${DAY_KEYS[d]}`)).join(' ') ?? '',
      e.time?.map((r) => `${r.start}-${r.end}`).join(', ') ?? '',
    ]
      .filter(Boolean)
      .join(' / ');

  const save = async () => {
    await api.call(endpoints.plusV1TimelineSave, { body: { id: timelineId, schedule } });
    void dialogs.toast(t('complete'), 'success');
  };

  return (
    <V1EditorFrame title={t('timeline.scheduleOf', { name: loaded?.name ?? '' })} save={save} testId="v1-schedule">
      {/* The spec's "schedule update" (§2.7) as the screen's own form above the rows: this route exists only to edit them, so a modal over it would be a second frame around the same form. */}
      <div className="v1-editor-head">
        <SelectField
          label={t('timeline.set')}
          value={setId}
          placeholder="-"
          options={sets.map((s) => ({ value: s.id, label: s.name }))}
          onChange={setSetId}
          testId="v1-schedule-set"
        />
        <PickedField
          kind="date"
          label={t('timeline.from')}
          value={period.start}
          onChange={(start) => setPeriod({ ...period, start })}
          testId="v1-schedule-from"
        />
        <PickedField
          kind="date"
          label={t('timeline.to')}
          value={period.end}
          onChange={(end) => setPeriod({ ...period, end })}
          testId="v1-schedule-to"
        />
        <PickedField
          kind="time"
          label={t('timeline.timeFrom')}
          value={time.start}
          onChange={(start) => setTime({ ...time, start })}
          testId="v1-schedule-time-from"
        />
        <PickedField
          kind="time"
          label={t('timeline.timeTo')}
          value={time.end}
          onChange={(end) => setTime({ ...time, end })}
          testId="v1-schedule-time-to"
        />
      </div>
      <div role="group" aria-label={t('timeline.days')}>
        {DAY_KEYS.map((key, d) => (
          <IonButton
            key={key}
            size="small"
            fill={days.includes(d) ? 'solid' : 'outline'}
            aria-pressed={days.includes(d)}
            onClick={() => setDays(days.includes(d) ? days.filter((x) => x !== d) : [...days, d])}
            data-testid={`v1-schedule-day-${d}`}
          >
            {t(`days.${key}`)}
          </IonButton>
        ))}
      </div>
      <div>
        <IonButton onClick={() => void add()} data-testid="v1-schedule-add">
          {t('timeline.addSchedule')}
        </IonButton>
      </div>
      <table className="v1-rows" data-testid="v1-schedule-rows">
        <thead>
          <tr>
            <th>{t('timeline.set')}</th>
            <th>{t('timeline.when')}</th>
            <th>{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((e, i) => (
            <tr key={i} data-testid="v1-schedule-row">
              <td>{setName(e.id)}</td>
              <td>{describe(e)}</td>
              <td>
                <IonButton size="small" fill="clear" color="danger" onClick={() => setSchedule(schedule.filter((_, j) => j !== i))}>
                  {t('delete')}
                </IonButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </V1EditorFrame>
  );
}
