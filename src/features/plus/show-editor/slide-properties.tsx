import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlusSchedule } from '../../../../contract/schemas/plus-assets';
import { CheckboxField } from '../../../ui/fields';
import type { EditorShow } from './editor-model';
import { NumberField } from './number-field';

/** Slide durations in seconds (our bounds, the contract's). */
const DURATION = { min: 1, max: 86_400 } as const;

interface SlidePropertiesProps {
  show: EditorShow;
  index: number;
  schedules: PlusSchedule[] | undefined;
  schedulesError?: string;
  onChange: (change: Partial<EditorShow>, group: string) => void;
}

/** Duration, click duration, background colour and schedules of the selected slide (plus-signage §2.3, §3). */
export function SlideProperties({ show, index, schedules, schedulesError, onChange }: SlidePropertiesProps) {
  const { t } = useTranslation('plusShowEditor');
  const colourId = useId();
  const group = (field: string) => `${field}:${show.key}`;
  const toggleSchedule = (id: string, on: boolean) =>
    onChange({ schedule: on ? [...show.schedule, id] : show.schedule.filter((s) => s !== id) }, `schedule:${show.key}:${id}`);
  return (
    <section className="show-props" aria-label={t('slide.title', { n: index + 1 })} data-testid="show-slide-props">
      <h2 className="show-panel-title">{t('slide.title', { n: index + 1 })}</h2>
      <div className="show-props__grid">
        <NumberField
          label={t('slide.duration')}
          value={show.duration}
          {...DURATION}
          onChange={(duration) => onChange({ duration }, group('duration'))}
          testId="show-duration"
        />
        <NumberField
          label={t('slide.clickDuration')}
          value={show.clickDuration ?? 0}
          min={0}
          max={DURATION.max}
          onChange={(clickDuration) => onChange({ clickDuration }, group('clickDuration'))}
          testId="show-click-duration"
        />
        {/* The browser's colour chooser: no field primitive picks a colour. Its label stays visible above it. */}
        <div className="show-field show-colour">
          <label htmlFor={colourId}>{t('slide.bgColor')}</label>
          <input
            id={colourId}
            type="color"
            value={colourValue(show.bgColor)}
            onChange={(e) => onChange({ bgColor: e.target.value }, group('bgColor'))}
            data-testid="show-bg-color"
          />
        </div>
      </div>
      <fieldset className="show-schedules">
        <legend>{t('slide.schedules')}</legend>
        {schedulesError && (
          <p className="show-muted" role="alert">
            {schedulesError}
          </p>
        )}
        {schedules && !schedules.length && <p className="show-muted">{t('slide.noSchedules')}</p>}
        {schedules?.map((s) => (
          <div key={s._id} className="show-check">
            <CheckboxField label={s.name} checked={show.schedule.includes(s._id)} onChange={(on) => toggleSchedule(s._id, on)} />
            <span className="show-muted">{scheduleSummary(s)}</span>
          </div>
        ))}
      </fieldset>
    </section>
  );
}

/** The colour input takes #rrggbb only; #rgb and #rrggbbaa (the contract allows them) are shown by their colour. */
function colourValue(bg: string): string {
  if (/^#[0-9a-f]{6}$/i.test(bg)) return bg.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(bg)) return `#${[...bg.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  if (/^#[0-9a-f]{8}$/i.test(bg)) return bg.slice(0, 7).toLowerCase();
  return '#000000';
}

const scheduleSummary = (s: PlusSchedule) => `${s.period.start} ~ ${s.period.end} · ${s.time.map((r) => `${r.start}-${r.end}`).join(', ')}`;
