import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { OtaStore } from '../../../contract/schemas/ota';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { DetailCard, DetailGrid } from '../../ui/detail-card';
import { Page } from '../../ui/page';
import { OtaHistoryTable } from './ota-history-table';
import { OtaStartPanel } from './ota-start-panel';
import './ota.css';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

const STORE_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

/**
 * /setting/ota-config (console-admin §2): the member's stores; for the chosen one its gateways, the firmware and the
 * OTA parameters, the start button and the OTA history. Writes need store_config write (the server checks again).
 */
export default function OtaConfigPage() {
  const { t } = useTranslation('ota');
  const session = useSession();
  const writable = canWrite(session, 'store_config');
  const stores = useCall(endpoints.otaStoreList, {});
  useLogoutOnLoadFailure(stores.error);
  const [storeCode, setStoreCode] = useState<string>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => {
    setReloadToken((n) => n + 1);
    void stores.mutate();
  }, [stores]);

  const columns: Column<OtaStore>[] = [
    { field: 'storeCode', label: t('stores.storeCode'), primary: true, filter: 'text' },
    { field: 'storeName', label: t('stores.storeName'), filter: 'text' },
    { field: 'gatewayCount', label: t('stores.gatewayCount') },
    { field: 'running', label: t('stores.running'), render: (s) => (s.running ? t('stores.runningYes') : t('stores.runningNo')) },
  ];

  return (
    <Page title={t('title')}>
      <DetailGrid testId="ota-config">
        <DetailCard title={t('stores.title')} testId="ota-stores" wide>
          <DataTable
            id="ota-stores"
            columns={columns}
            source={{ kind: 'local', rows: stores.data, loading: stores.isLoading, error: stores.error?.message }}
            rowKey={(s) => s.storeCode}
            pageSizes={STORE_PAGE_SIZES}
            defaultSort={{ field: 'storeCode', dir: 'asc' }}
            onRowClick={(s) => setStoreCode(s.storeCode)}
            rowTone={(s) => (s.storeCode === storeCode ? 'primary' : undefined)}
          />
          {!storeCode && <p>{t('stores.choose')}</p>}
        </DetailCard>
        {storeCode && (
          <>
            <OtaStartPanel key={storeCode} storeCode={storeCode} writable={writable} onStarted={reload} />
            <DetailCard title={t('history.title')} testId="ota-history" wide>
              <OtaHistoryTable storeCode={storeCode} writable={writable} reloadToken={reloadToken} onChanged={reload} />
            </DetailCard>
          </>
        )}
      </DetailGrid>
    </Page>
  );
}
