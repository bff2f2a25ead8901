import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonListHeader, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { LogStatus, ScanLog } from './use-scan-log';

const COLOURS: Record<LogStatus, string> = { ok: 'success', failed: 'danger', queued: 'warning', sending: 'medium' };

/** The visible log: counters, then one line per scan, newest first. */
export function ScanLogView({ log }: { log: ScanLog }) {
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
      {log.entries.map((e) => (
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
        </IonItem>
      ))}
    </IonList>
  );
}
