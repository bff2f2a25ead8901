import { useState } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { arrowBackOutline, createOutline, radioOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { GatewaySummary } from '../../../contract/schemas/gateways';
import { canWrite, useSession } from '../../platform/session';
import { DataTable } from '../../ui/data-table';
import { DetailCard, DetailFacts, DetailGrid } from '../../ui/detail-card';
import { Page } from '../../ui/page';
import { HealthBadge } from '../../ui/status-badge';
import { ChannelSettingModal } from './channel-setting-modal';
import { GatewayUpdateModal, type GatewayUpdateTarget } from './gateway-update-modal';
import { PredefinedImport } from './predefined-import';
import { useGatewayColumns } from './store-columns';
import { GATEWAY_LIST_PAGE_SIZE } from './store-constants';
import { useStoreDetail } from './use-store-status';
import './store.css';
import { useRouteParams } from '../../ui/use-route-params';

export const gatewayDetailPath = (storeCode: string, gwMac: string) =>
  `/store/${encodeURIComponent(storeCode)}/gw/${encodeURIComponent(gwMac)}`;

/**
 * /store/detail/:storeCode (console-core §2): the store's summary and its gateways; a row opens the gateway detail.
 * With store write (or role -1 / 0, §6): update of the selected gateways or ALL, channel setting, predefined import.
 */
export default function StoreDetailPage() {
  const { t } = useTranslation('store');
  const { storeCode = '' } = useRouteParams();
  const detail = useStoreDetail(storeCode);
  const columns = useGatewayColumns();
  const store = detail.data;
  const mayWrite = canWrite(useSession(), 'store');
  const [updating, setUpdating] = useState<GatewayUpdateTarget>();
  const [channelsOpenedAt, setChannelsOpenedAt] = useState<number>();

  return (
    <Page
      title={t('detail.title', { name: store?.storeName ?? storeCode })}
      actions={
        <IonButton routerLink="/store" routerDirection="back" data-testid="store-back">
          <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
          {t('detail.back')}
        </IonButton>
      }
    >
      {!store && <IonSpinner aria-label={t('detail.loading')} />}
      {store && (
        <DetailGrid>
          <DetailCard title={t('detail.summary')} testId="store-summary">
            <DetailFacts>
              <dt>{t('columns.storeCode')}</dt>
              <dd data-testid="store-code">{store.storeCode}</dd>
              <dt>{t('columns.companyName')}</dt>
              <dd>{store.companyName}</dd>
              <dt>{t('columns.status')}</dt>
              <dd>
                <HealthBadge status={store.status} label={t(`health.${store.status}`)} />
              </dd>
              <dt>{t('columns.gwCount')}</dt>
              <dd data-testid="store-gw-count">{store.gwCount}</dd>
              <dt>{t('columns.normal')}</dt>
              <dd data-testid="store-normal">{store.normal}</dd>
              <dt>{t('columns.alarm')}</dt>
              <dd data-testid="store-alarm">{store.alarm}</dd>
              <dt>{t('columns.offline')}</dt>
              <dd data-testid="store-offline">{store.offline}</dd>
            </DetailFacts>
          </DetailCard>
          <DetailCard title={t('detail.gateways')} testId="store-gateways" wide>
            {mayWrite && (
              <div className="store-actions" data-testid="store-gw-actions">
                <IonButton size="small" fill="outline" onClick={() => setUpdating('all')} data-testid="gw-update-all">
                  <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
                  {t('update.all')}
                </IonButton>
                <IonButton size="small" fill="outline" onClick={() => setChannelsOpenedAt(Date.now())} data-testid="gw-channel-open">
                  <IonIcon slot="start" icon={radioOutline} aria-hidden="true" />
                  {t('channel.open')}
                </IonButton>
                <PredefinedImport storeCode={store.storeCode} />
              </div>
            )}
            {/* spec: core §2.35 — gateway list of 50 rows a page, rows link to the gateway detail */}
            <DataTable
              id="store-gateways"
              columns={columns}
              source={{ kind: 'local', rows: store.gwList }}
              rowKey={(g) => g.gwMac}
              pageSizes={[GATEWAY_LIST_PAGE_SIZE]}
              defaultSort={{ field: 'gwIndex', dir: 'asc' }}
              rowHref={(g) => gatewayDetailPath(store.storeCode, g.gwMac)}
              selectable={mayWrite}
              actions={
                mayWrite
                  ? [
                      {
                        label: t('update.selected'),
                        needsSelection: true,
                        run: (rows: GatewaySummary[]) => setUpdating({ gwMacs: rows.map((g) => g.gwMac) }),
                      },
                    ]
                  : undefined
              }
            />
          </DetailCard>
        </DetailGrid>
      )}
      <GatewayUpdateModal
        storeCode={storeCode}
        target={updating}
        onClose={() => setUpdating(undefined)}
        onSaved={() => void detail.mutate()}
      />
      <ChannelSettingModal storeCode={storeCode} openedAt={channelsOpenedAt} onClose={() => setChannelsOpenedAt(undefined)} />
    </Page>
  );
}
