import { useState } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { arrowBackOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '../../platform/session';
import { Page } from '../../ui/page';
import { DetailCard, DetailGrid } from '../../ui/detail-card';
import { GatewayAlarms, GatewayFacts, GatewayGauges, GatewayHistory, GatewayServices } from './gateway-detail-sections';
import { GatewayUpdateModal, type GatewayUpdateTarget } from './gateway-update-modal';
import { useGatewayDetail } from './use-store-status';
import { useGatewayActions } from './use-gateway-actions';
import './store.css';
import { useRouteParams } from '../../ui/use-route-params';

/**
 * /store/:storeCode/gw/:gwMac (console-core §2 Gateway detail): facts, usage rings, services and alarms,
 * the 24 h chart, refreshed every 240 s while shown; link check, reboot, log download, edit and delete.
 */
export default function GatewayDetailPage() {
  const { t } = useTranslation('store');
  const { storeCode = '', gwMac = '' } = useRouteParams();
  const session = useSession();
  const { detail, history } = useGatewayDetail(storeCode, gwMac);
  const gw = detail.data;
  const [editing, setEditing] = useState<GatewayUpdateTarget>();
  const actions = useGatewayActions(gw);
  // console-core §6: edit and delete show for role -1 or 0, or with store write (canWrite covers both).
  const mayWrite = canWrite(session, 'store');

  return (
    <Page
      title={t('gateway.title', { gw: gwMac })}
      actions={
        <IonButton routerLink={`/store/detail/${encodeURIComponent(storeCode)}`} routerDirection="back" data-testid="gw-back">
          <IonIcon slot="start" icon={arrowBackOutline} aria-hidden="true" />
          {t('detail.back')}
        </IonButton>
      }
    >
      {!gw && <IonSpinner aria-label={t('detail.loading')} />}
      {gw && (
        <DetailGrid testId="gw-detail" data-gw-mac={gw.gwMac}>
          <DetailCard title={t('gateway.actions')} testId="gw-actions" wide>
            {/* The everyday actions first; the disruptive ones last and outlined, apart from them (issue 31 §11). */}
            <div className="store-actions">
              <IonButton size="small" onClick={() => void actions.checkLink()} data-testid="gw-link-check">
                {t('actions.linkCheck')}
              </IonButton>
              <IonButton
                size="small"
                fill="outline"
                disabled={actions.downloading}
                onClick={() => void actions.downloadLog()}
                data-testid="gw-log-download"
              >
                {t('actions.logDownload')}
              </IonButton>
              {mayWrite && (
                <IonButton size="small" fill="outline" onClick={() => setEditing({ gwMacs: [gw.gwMac] })} data-testid="gw-edit">
                  {t('update.edit')}
                </IonButton>
              )}
              {mayWrite && (
                <span className="store-actions-destructive">
                  {gw.ip && (
                    <IonButton size="small" fill="outline" color="medium" onClick={() => void actions.reboot()} data-testid="gw-reboot">
                      {t('actions.reboot')}
                    </IonButton>
                  )}
                  <IonButton size="small" fill="outline" color="danger" onClick={() => void actions.remove()} data-testid="gw-delete">
                    {t('actions.delete')}
                  </IonButton>
                </span>
              )}
            </div>
          </DetailCard>
          <GatewayFacts gw={gw} />
          <GatewayGauges gw={gw} />
          <GatewayHistory points={history.data?.points ?? []} nowMs={history.data?.nowMs} />
          <GatewayServices rows={gw.serviceStatusList} />
          <GatewayAlarms storeCode={storeCode} gwMac={gwMac} />
        </DetailGrid>
      )}
      <GatewayUpdateModal
        storeCode={storeCode}
        target={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          void detail.mutate();
          void history.mutate();
        }}
      />
    </Page>
  );
}
