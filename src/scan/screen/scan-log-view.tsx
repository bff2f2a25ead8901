import { useTranslation } from 'react-i18next';
import { liveStatus, statusTone, type SeenStatuses, type StatusTone } from './tag-status-follow';
import type { LogStatus, ScanLog } from './use-scan-log';

const TONES: Record<LogStatus, string> = { ok: 'success', failed: 'danger', queued: 'warning', sending: 'medium' };
const TAG_TONES: Record<StatusTone, string> = { progress: 'medium', ok: 'success', error: 'danger' };

/** The tag's own status after the server took the assign (console-core §4 colours). */
function TagStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('scan');
  const tone = statusTone(status);
  return (
    <span
      className={`lean-badge lean-badge--${TAG_TONES[tone]}`}
      data-testid="tag-status"
      data-status={status}
      aria-label={t('log.tagStatus', { status })}
    >
      {tone === 'progress' && <span className="scan-log__dots" aria-hidden="true" />}{' '}
      <span className="scan-log__pill-label">{t('log.tagPill')}</span> {status}
    </span>
  );
}

/** The visible log: counters, then one line per scan, newest first. */
export function ScanLogView({ log, tagStatuses }: { log: ScanLog; tagStatuses?: SeenStatuses }) {
  const { t, i18n } = useTranslation('scan');
  // The member's language sets the clock (ja_JP: 23:35:35, not 11:35:35 PM), not the browser's.
  const locale = i18n.language.replace('_', '-');
  const { ok, failed, queued } = log.counters;
  return (
    <section className="scan-log" data-testid="scan-log" aria-label={t('log.title')}>
      <header className="scan-log__header">
        <div>
          <h2>{t('log.title')}</h2>
          <p data-testid="scan-counters">{t('log.counters', { ok, failed, queued })}</p>
        </div>
        {log.entries.length > 0 && (
          <button type="button" className="lean-button lean-button--clear" onClick={log.clear}>
            {t('actions.clearLog')}
          </button>
        )}
      </header>
      {log.entries.length === 0 && <p className="lean-note">{t('log.empty')}</p>}
      <ol className="scan-log__lines">
        {log.entries.map((e) => {
          const tagStatus = tagStatuses && liveStatus(e, tagStatuses);
          return (
            <li key={e.key} data-testid="scan-log-line" data-status={e.status}>
              <div className="scan-log__text">
                <h3>
                  {t(`log.kinds.${e.kind}`)} · {e.codes.join(' → ')}
                </h3>
                <p>
                  {new Date(e.at).toLocaleTimeString(locale)}
                  {e.message ? ` · ${e.message}` : ''}
                </p>
              </div>
              {/* Two pills, each saying what it is about: the scan's result (the write, or a refusal at scan time) and the tag's own status. */}
              <span className={`lean-badge lean-badge--${TONES[e.status]}`} data-testid="write-status">
                <span className="scan-log__pill-label">{t('log.writePill')}</span> {t(`log.${e.status}`)}
              </span>
              {tagStatus && <TagStatusBadge status={tagStatus} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
