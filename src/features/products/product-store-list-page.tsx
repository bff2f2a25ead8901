import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StoreProductRow, StoreStatusRow } from '../../../contract/schemas/status';
import { MAP_LIST_PAGE_SIZES } from '../../../contract/schemas/constants-core';
import { endpoints } from '../../../contract/endpoints';
import { useCompanySelection } from '../../platform/company-selection';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { MapWithSideList, storeMapItems, storeMapLabel, type MapListItem } from '../../ui/map';
import { Page } from '../../ui/page';
import { useViewType, ViewToggle } from '../../ui/view-toggle';
import { HealthBadge } from '../../ui/status-badge';
import { useStoreList } from '../store/use-store-status';
import { PRODUCT_PAGE_SIZES, productListPath } from './product-constants';

/** The map: every store in the side list, those with a position as markers; the popup opens the product list. */
function ProductStoreMap({ stores }: { stores: readonly StoreStatusRow[] }) {
  const { t } = useTranslation('products');
  const items = useMemo<MapListItem[]>(
    () =>
      storeMapItems(stores, (s) => (
        <div data-testid="product-map-popup">
          <strong>{storeMapLabel(s)}</strong>
          <Link to={productListPath(s.storeCode)}>{t('stores.open')}</Link>
        </div>
      )),
    [stores, t],
  );
  return (
    <MapWithSideList
      items={items}
      pageSizes={MAP_LIST_PAGE_SIZES}
      listLabel={t('stores.list')}
      statusLabel={(status) => status}
      testId="product-map"
    />
  );
}

/** /product (console-admin §2): the member's stores with their product counts, as a table or on a map. */
export default function ProductStoreListPage() {
  const { t } = useTranslation('products');
  const session = useSession();
  const several = hasSeveralCompanies(session);
  const [view, setView] = useViewType();
  const company = useCompanySelection();
  const list = useStoreList(view === 'map' ? company : undefined);
  const columns = useMemo(() => {
    const all: (Column<StoreProductRow> | false)[] = [
      { field: 'storeName', label: t('stores.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('stores.storeCode'), filter: 'text' },
      several && { field: 'companyName', label: t('stores.companyName'), filter: 'text' },
      { field: 'status', label: t('stores.status'), render: (r) => <HealthBadge status={r.status} /> },
      { field: 'total', label: t('stores.total'), filter: 'number' },
      { field: 'todayUpdated', label: t('stores.todayUpdated'), filter: 'number' },
      { field: 'updatedAt', label: t('stores.updatedAt'), sortable: false, render: (r) => formatDateTime(r.updatedAt) },
    ];
    return all.filter((c): c is Column<StoreProductRow> => Boolean(c));
  }, [t, several]);

  return (
    <Page title={t('stores.title')} subheader={<ViewToggle view={view} onChange={setView} testId="product-view" />}>
      {view === 'table' ? (
        <DataTable
          id="product-stores"
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.statusPaginationProduct }}
          rowKey={(r) => r.storeCode}
          pageSizes={PRODUCT_PAGE_SIZES}
          companyCode={company}
          rowHref={(r) => productListPath(r.storeCode)}
        />
      ) : (
        <ProductStoreMap stores={list.data ?? []} />
      )}
    </Page>
  );
}
