import { useMemo } from 'react';
import { IonLabel, IonSegment, IonSegmentButton, IonToolbar } from '@ionic/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StoreStatusRow } from '../../api/contract/status';
import { DataTable } from '../../ui/data-table';
import { MapView, type MapMarker } from '../../ui/map';
import { Page } from '../../ui/page';
import { useStoreColumns } from './store-columns';
import { STORE_TABLE_PAGE_SIZE } from './store-constants';
import { useStoreList } from './use-store-status';
import './store.css';

type ViewType = 'table' | 'map';

export const storeDetailPath = (storeCode: string) => `/store/detail/${encodeURIComponent(storeCode)}`;

/** The stores that have a position, as map markers in their status colour; the popup links to the store detail. */
function StoreMap({ stores }: { stores: readonly StoreStatusRow[] }) {
  const { t } = useTranslation('store');
  const markers = useMemo<MapMarker[]>(
    () =>
      stores.flatMap((s) =>
        s.position
          ? [
              {
                id: s.storeCode,
                lat: s.position.latitude,
                lng: s.position.longitude,
                status: s.status,
                label: `${s.storeName} (${s.storeCode})`,
                popup: (
                  <div data-testid="store-map-popup">
                    <strong>{`${s.storeName} (${s.storeCode})`}</strong>
                    <p>{t('map.gateways', { n: s.gwCount, normal: s.normal, alarm: s.alarm, offline: s.offline })}</p>
                    <Link to={storeDetailPath(s.storeCode)}>{t('map.storeDetail')}</Link>
                  </div>
                ),
              },
            ]
          : [],
      ),
    [stores, t],
  );
  return <MapView markers={markers} testId="store-map" />;
}

/** /store (console-core §2 Store and gateway status): the member's stores as a table or on a map. */
export default function StoreListPage() {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const view: ViewType = search.get('viewType') === 'map' ? 'map' : 'table';
  const columns = useStoreColumns();
  const list = useStoreList();

  return (
    <Page
      title={t('list.title')}
      subheader={
        <IonToolbar>
        <IonSegment value={view} onIonChange={(e) => setSearch({ viewType: e.detail.value === 'map' ? 'map' : 'table' }, { replace: true })} data-testid="store-view">
          <IonSegmentButton value="table" data-testid="store-view-table">
            <IonLabel>{t('list.table')}</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="map" data-testid="store-view-map">
            <IonLabel>{t('list.map')}</IonLabel>
          </IonSegmentButton>
        </IonSegment>
        </IonToolbar>
      }
    >
      {view === 'table' ? (
        <DataTable
          id="stores"
          columns={columns}
          source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
          rowKey={(s) => s.storeCode}
          pageSizes={[STORE_TABLE_PAGE_SIZE]}
          defaultSort={{ field: 'storeName', dir: 'asc' }}
          onRowClick={(s) => navigate(storeDetailPath(s.storeCode))}
        />
      ) : (
        <StoreMap stores={list.data ?? []} />
      )}
    </Page>
  );
}
