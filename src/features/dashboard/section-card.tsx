import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTwin } from '../../app/handover';
import { formatCount } from '../../ui/charts/chart-format';

interface SectionCardProps {
  title: string;
  testId: string;
  /** Opens the section's detail modal; the Details button is the keyboard path, the body a larger target. */
  onDetail?: () => void;
  note?: string;
  wide?: boolean;
  tall?: boolean;
  children: ReactNode;
}

export function SectionCard({ title, testId, onDetail, note, wide, tall, children }: SectionCardProps) {
  const { t } = useTranslation('dashboard');
  const className = ['dashboard-card', wide && 'dashboard-card-wide', tall && 'dashboard-card-tall'].filter(Boolean).join(' ');
  // A plain button rather than Ionic's: the lean phone dashboard draws the same card, and hands the tap over.
  const details = useTwin(`${testId}-details`, onDetail);
  return (
    <section className={className} data-testid={testId} aria-label={title}>
      <header className="dashboard-card-header">
        <h2>{title}</h2>
        {onDetail && (
          <button type="button" className="dashboard-details-button" {...details} data-testid={`${testId}-details`}>
            {t('details')}
          </button>
        )}
      </header>
      {note && <p className="dashboard-card-note">{note}</p>}
      <div className={onDetail ? 'dashboard-card-body dashboard-card-clickable' : 'dashboard-card-body'} onClick={onDetail && details.onClick}>
        {children}
      </div>
    </section>
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
