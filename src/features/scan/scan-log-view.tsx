import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonListHeader, IonNote, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { liveStatus, statusTone, type SeenStatuses, type StatusTone } from './tag-status-follow';
import type { LogStatus, ScanLog } from './use-scan-log';

const COLOURS: Record<LogStatus, string> = { ok: 'success', failed: 'danger', queued: 'warning', sending: 'medium' };
const TONE_COLOURS: Record<StatusTone, string> = { progress: 'medium', ok: 'success', error: 'danger' };

/** The tag's own status after the server took the assign (console-core §4 colours). */
function TagStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('scan');
  const tone = statusTone(status);
  return (
    <IonBadge slot="end" color={TONE_COLOURS[tone]} data-testid="tag-status" data-status={status} aria-label={t('log.tagStatus', { status })}>
      {tone === 'progress' && <IonSpinner name="dots" aria-hidden="true" style={{ height: '0.9em', verticalAlign: 'middle' }} />} {status}
    </IonBadge>
  );
}

/** The visible log: counters, then one line per scan, newest first. */
export function ScanLogView({ log, tagStatuses }: { log: ScanLog; tagStatuses?: SeenStatuses }) {
  const { t } = useTranslation('scan');
  const { ok, failed, queued } = log.counters;
  return (
    <IonList data-testid="scan-log">
      <IonListHeader>
        <IonLabel>
          <h2>{t('log.title')}</h2>
          <p data-testid="scan-counters">{t('log.counters', { ok, failed, queued })}</p>
        </IonLabel>
        {log.entries.length > 0 && (
          <IonButton size="small" fill="clear" onClick={log.clear}>
            {t('actions.clearLog')}
          </IonButton>
        )}
      </IonListHeader>
      {log.entries.length === 0 && (
        <IonItem lines="none">
          <IonNote>{t('log.empty')}</IonNote>
        </IonItem>
      )}
      {log.entries.map((e) => {
        const tagStatus = tagStatuses && liveStatus(e, tagStatuses);
        return (
          <IonItem key={e.key} data-testid="scan-log-line" data-status={e.status}>
            <IonLabel className="ion-text-wrap">
              <h3>
                {t(`log.kinds.${e.kind}`)} · {e.codes.join(' → ')}
              </h3>
              <p>
                {new Date(e.at).toLocaleTimeString()}
                {e.message ? ` · ${e.message}` : ''}
              </p>
            </IonLabel>
            <IonBadge slot="end" color={COLOURS[e.status]}>
              {t(`log.${e.status}`)}
            </IonBadge>
            {tagStatus && <TagStatusBadge status={tagStatus} />}
          </IonItem>
        );
      })}
    </IonList>
  );
}
