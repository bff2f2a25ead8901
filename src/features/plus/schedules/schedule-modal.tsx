import { useTranslation } from 'react-i18next';
import type { PlusSchedule } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { FormModal, listValue, type FormField, type FormValues } from '../../../ui/form-modal';
import { DayButtons, rangesOf, TimeRanges } from './schedule-fields';
import { DATE_PATTERN, TIME_PATTERN, PickedField } from '../../../ui/date-time-field';

export interface ScheduleModalProps {
  storeCode: string;
  /** The schedule to edit, null to create one, undefined when closed. */
  schedule: PlusSchedule | null | undefined;
  onSaved: () => void;
  onClose: () => void;
}

/**
 * Create or edit a Plus schedule (plus-signage §2.7, §5): a name, the period, seven day buttons (optional) and
 * 24-hour time ranges. Without both period dates and at least one whole time range: "Validation Error".
 */
// spec: plus §2.67 — the schedule create or edit modal
export function ScheduleModal({ storeCode, schedule, onSaved, onClose }: ScheduleModalProps) {
  const { t } = useTranslation('plusTemplates');
  const invalid = t('schedule.validation');
  const periodOk = (v: FormValues) =>
    DATE_PATTERN.test(v.periodStart ?? '') && DATE_PATTERN.test(v.periodEnd ?? '') && v.periodStart <= v.periodEnd;
  const fields: FormField[] = [
    { name: 'name', label: t('schedule.name'), required: t('schedule.nameRequired') },
    {
      name: 'periodStart',
      label: t('schedule.periodStart'),
      type: 'custom',
      render: (c) => <DateInput {...c} label={t('schedule.periodStart')} />,
      validate: (_, v) => (periodOk(v) ? undefined : invalid),
    },
    {
      name: 'periodEnd',
      label: t('schedule.periodEnd'),
      type: 'custom',
      render: (c) => <DateInput {...c} label={t('schedule.periodEnd')} />,
      validate: (_, v) => (periodOk(v) ? undefined : invalid),
    },
    { name: 'days', label: t('schedule.days'), type: 'custom', render: (c) => <DayButtons {...c} /> },
    {
      name: 'time',
      label: t('schedule.time'),
      type: 'custom',
      render: (c) => <TimeRanges {...c} />,
      validate: (value) => {
        const ranges = rangesOf(value);
        return ranges.length && ranges.every((r) => TIME_PATTERN.test(r.start) && TIME_PATTERN.test(r.end) && r.start !== r.end)
          ? undefined
          : invalid;
      },
    },
  ];
  const initial: FormValues = schedule
    ? {
        name: schedule.name,
        periodStart: schedule.period.start,
        periodEnd: schedule.period.end,
        days: schedule.days.join(','),
        time: JSON.stringify(schedule.time),
      }
    : { name: '', periodStart: '', periodEnd: '', days: '', time: JSON.stringify([{ start: '', end: '' }]) };

  const submit = async (v: FormValues) => {
    await api.call(endpoints.plusScheduleSave, {
      params: { storeCode },
      body: {
        ...(schedule ? { _id: schedule._id } : {}),
        name: v.name.trim(),
        period: { start: v.periodStart, end: v.periodEnd },
        days: listValue(v.days).map(Number),
        time: rangesOf(v.time),
      },
    });
    onSaved();
  };

  return (
    <FormModal
      isOpen={schedule !== undefined}
      title={schedule ? t('schedule.editTitle') : t('schedule.createTitle')}
      testId="schedule-modal"
      fields={fields}
      initial={initial}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** yyyy-mm-dd, typed or picked (plus-signage §9); the modal draws the label above it. */
function DateInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return <PickedField kind="date" id={id} label={label} labelHidden value={value} onChange={onChange} testId={id} />;
}
