import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTwin } from '../../platform/handover';
import { formatCount } from '../../ui/charts/chart-format';

interface SectionCardProps {
  title: string;
  testId: string;
  /** Opens the section's detail modal; the Details button is the keyboard path, the body a larger target. */
  onDetail?: () => void;
  note?: string;
  wide?: boolean;
  tall?: boolean;
  /** Its numbers are on their way (PendingCard). */
  busy?: boolean;
  children: ReactNode;
}

export function SectionCard({ title, testId, onDetail, note, wide, tall, busy, children }: SectionCardProps) {
  const { t } = useTranslation('dashboard');
  const className = ['dashboard-card', wide && 'dashboard-card-wide', tall && 'dashboard-card-tall'].filter(Boolean).join(' ');
  // A plain button rather than Ionic's: the lean phone dashboard draws the same card, and hands the tap over.
  const details = useTwin(`${testId}-details`, onDetail);
  return (
    <section className={className} data-testid={testId} aria-label={title} aria-busy={busy || undefined}>
      <header className="dashboard-card-header">
        <h2>{title}</h2>
        {onDetail && (
          <button type="button" className="dashboard-details-button" {...details} data-testid={`${testId}-details`}>
            {t('details')}
          </button>
        )}
      </header>
      {note && <p className="dashboard-card-note">{note}</p>}
      <div
        className={onDetail ? 'dashboard-card-body dashboard-card-clickable' : 'dashboard-card-body'}
        onClick={onDetail && details.onClick}
      >
        {children}
      </div>
    </section>
  );
}

/** The chart a pending card's body stands for: its height, in dashboard.css. */
export type PendingBody = 'donut' | 'radial' | 'store-bars' | 'bars' | 'gauges' | 'versions' | 'line';

/**
 * A card whose numbers are on their way: its title, and an empty body as high as its chart will be, so that the card
 * drawn in its place moves nothing on the screen. Busy for assistive technology, which is told when it is drawn.
 */
export function PendingCard({ title, testId, body, wide }: { title: string; testId: string; body: PendingBody; wide?: boolean }) {
  return (
    <SectionCard title={title} testId={testId} wide={wide} busy>
      <div className={`dashboard-card-pending dashboard-card-pending--${body}`} />
    </SectionCard>
  );
}

/** A labelled number; data-value carries the server's raw number for tests. */
export function Stat({ label, value, testId, tone }: { label: string; value: number; testId: string; tone?: 'good' | 'warning' | 'bad' }) {
  return (
    <div className={tone ? `dashboard-stat dashboard-stat-${tone}` : 'dashboard-stat'} data-testid={testId} data-value={value}>
      <span className="dashboard-stat-value">{formatCount(value)}</span>
      <span className="dashboard-stat-label">{label}</span>
    </div>
  );
}
