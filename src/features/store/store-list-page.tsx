import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StoreStatusRow } from '../../../contract/schemas/status';
import { useCompanySelection } from '../../platform/company-selection';
import { DataTable } from '../../ui/data-table';
import { MapWithSideList, storeMapItems, storeMapLabel, type MapListItem } from '../../ui/map';
import { OfflineNotice } from '../../ui/offline-notice';
import { Page } from '../../ui/page';
import { useViewType, ViewToggle } from '../../ui/view-toggle';
import { useStoreColumns } from './store-columns';
import { MAP_LIST_PAGE_SIZES, STORE_TABLE_PAGE_SIZE, storeDetailPath } from './store-constants';
import { useStoreList } from './use-store-status';
import './store.css';

/**
 * The map view (console-core §2): every store in the side list, those with a position as markers in their status
 * colour; the popup links to the store detail.
 */
// spec: core §2.31, core §2.32, core §2.33 — store map: status-coloured markers, side list, status checkboxes
function StoreMap({ stores }: { stores: readonly StoreStatusRow[] }) {
  const { t } = useTranslation('store');
  const items = useMemo<MapListItem[]>(
    () =>
      storeMapItems(stores, (s) => (
        <div data-testid="store-map-popup">
          <strong>{storeMapLabel(s)}</strong>
          <p>{t('map.gateways', { n: s.gwCount, normal: s.normal, alarm: s.alarm, offline: s.offline })}</p>
          <Link to={storeDetailPath(s.storeCode)}>{t('map.storeDetail')}</Link>
        </div>
      )),
    [stores, t],
  );
  return (
    <MapWithSideList
      items={items}
      pageSizes={MAP_LIST_PAGE_SIZES}
      listLabel={t('map.list')}
      statusLabel={(status) => t(`health.${status}`)}
      testId="store-map"
    />
  );
}

/**
 * /store (console-core §2 Store and gateway status): the member's stores as a table or on a map, narrowed by the
 * global company selection.
 */
export default function StoreListPage() {
  const { t } = useTranslation('store');
  const [view, setView] = useViewType();
  const columns = useStoreColumns();
  const company = useCompanySelection();
  const list = useStoreList(company);

  return (
    <Page title={t('list.title')} subheader={<ViewToggle view={view} onChange={setView} testId="store-view" />}>
      <OfflineNotice data={list.data} />
      {view === 'table' ? (
        <DataTable
          id="stores"
          columns={columns}
          source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
          rowKey={(s) => s.storeCode}
          pageSizes={[STORE_TABLE_PAGE_SIZE]}
          companyCode={company}
          defaultSort={{ field: 'storeName', dir: 'asc' }}
          rowHref={(s) => storeDetailPath(s.storeCode)}
        />
      ) : (
        <StoreMap stores={list.data ?? []} />
      )}
    </Page>
  );
}
