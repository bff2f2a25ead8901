import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { arrowBackOutline, downloadOutline } from 'ionicons/icons';
import { DOWNLOAD_TYPE } from '../../../contract/schemas/constants-core';
import { useTranslation } from 'react-i18next';
import { useDownloadTask } from '../../ui/download-task';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { HealthBadge } from '../../ui/status-badge';
import { useServerLabels } from './server-columns';
import { DetailCard, DetailFacts, DetailGrid } from '../../ui/detail-card';
import { HistoryChart, NetworkList, ServiceList, UsageGauge } from './server-detail-sections';
import { useServerDetail } from './use-servers';
import './server-status.css';
import { useRouteParams } from '../../ui/use-route-params';

/**
 * console-core §2 Server detail: system status (time, disk and RAM used of total), services and network,
 * refreshed every 60 s, with the 24 h history; a failed load logs out (§6).
 */
export default function ServerDetailPage() {
  const { t } = useTranslation('servers');
  const { serverId = '' } = useRouteParams();
  const labels = useServerLabels();
  const { detail, history } = useServerDetail(serverId);
  const server = detail.data;
  const download = useDownloadTask();

  return (
    <Page
      title={t('detail.title', { name: server?.name ?? serverId })}
      actions={
        <>
          <IonButton routerLink="/server" routerDirection="back" data-testid="server-back">
            <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
            {t('detail.back')}
          </IonButton>
          {/* Download type 0 (console-core §7): this server's log of the last 24 h. */}
          <IonButton
            disabled={download.running}
            onClick={() => void download.start({ type: DOWNLOAD_TYPE.SERVER_LOG, filter: { serverId } })}
            data-testid="server-log-download"
          >
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
            {t('detail.logDownload')}
          </IonButton>
        </>
      }
    >
      {!server && <IonSpinner aria-label={t('detail.system')} />}
      {server && (
        <DetailGrid testId="server-detail" data-server-id={server.id}>
          <DetailCard title={t('detail.system')} testId="server-system">
            <DetailFacts>
              <dt>{t('detail.time')}</dt>
              <dd data-testid="server-time" data-value={server.time}>
                {formatDateTime(server.time)}
              </dd>
              <dt>{t('columns.status')}</dt>
              <dd>
                <HealthBadge status={server.status} label={labels.status(server.status)} />
              </dd>
              <dt>{t('columns.state')}</dt>
              <dd data-testid="server-state" data-state={server.state}>
                {labels.state(server.state)}
              </dd>
              <dt>{t('columns.type')}</dt>
              <dd data-testid="server-type" data-type={server.type}>
                {labels.type(server.type)}
              </dd>
            </DetailFacts>
          </DetailCard>
          <UsageGauge title={t('detail.disk')} usage={server.diskUsage} testId="server-disk" />
          <UsageGauge title={t('detail.ram')} usage={server.ramUsage} testId="server-ram" />
          <ServiceList rows={server.serviceStatusList} />
          <NetworkList rows={server.network} />
          <HistoryChart points={history.data ?? []} />
        </DetailGrid>
      )}
    </Page>
  );
}
