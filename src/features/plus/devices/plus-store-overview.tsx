import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MAP_LIST_PAGE_SIZES } from '../../../../contract/schemas/constants-core';
import type { PlusOverviewType, PlusStoreSummary } from '../../../../contract/schemas/plus';
import { endpoints } from '../../../../contract/endpoints';
import { useCall } from '../../../platform/api';
import { useLogoutOnLoadFailure } from '../../../platform/load-failure';
import { DataTable, type Column } from '../../../ui/data-table';
import { MapWithSideList, storeMapLabel, storeMarker, type MapListItem } from '../../../ui/map';
import { Page } from '../../../ui/page';
import { StatusDetailModal } from '../../../ui/status-detail-modal';
import { useViewType, ViewToggle } from '../../../ui/view-toggle';
import { PLUS_PAGE_SIZES } from './plus-constants';
import { PlusStoreStatus, usePlusStatusWord } from './plus-status';
import type { PlusDevice } from '../../../../contract/schemas/plus';

type DeviceStatus = 'ONLINE' | 'OFFLINE';

/** storeMarker takes a missing position as undefined; the contract answers null. */
type Store = Omit<PlusStoreSummary, 'position'> & { position?: { latitude: number; longitude: number } };

export interface PlusStoreOverviewProps {
  /** Which counts the overview shows (plus-signage §2.1): devices, images, videos, widgets, templates, schedules. */
  type: PlusOverviewType;
  /** Already translated. */
  title: string;
  /** Label of the total column (e.g. "Images"); online and offline always count the store's devices. */
  totalLabel: string;
  /** Where a store's Detail link leads (its per-store list). */
  detailPath: (storeCode: string) => string;
  /** Where the map popup's Detail link leads when not to detailPath (the schedule overview's: the device list). */
  popupPath?: (storeCode: string) => string;
  /**
   * Loads the per-store list's code while the overview is on view. Ionic waits only ~600 ms for a new page to mount
   * before giving up on its transition; a lazily loaded list slower than that (a busy phone, a loaded server) was
   * left mounted but `ion-page-invisible` after a Detail click. With the code already here, the list mounts at once.
   */
  preloadDetail?: () => Promise<unknown>;
  testId: string;
}

/**
 * One Plus store overview (plus-signage §2.1): every store of the member with the overview's counts, as a table
 * (25 rows, by store name) or on a map (green NORMAL, yellow ALARM, red OFFLINE; the popup has the counts and a
 * Detail link). A load failure shows the error, then logs out. The six overviews differ only by these props.
 */
export function PlusStoreOverviewPage({
  type,
  title,
  totalLabel,
  detailPath,
  popupPath = detailPath,
  preloadDetail,
  testId,
}: PlusStoreOverviewProps) {
  const { t } = useTranslation('plus');
  useEffect(() => {
    void preloadDetail?.();
  }, [preloadDetail]);
  const [view, setView] = useViewType();
  // spec: plus §2.6 — a failed overview load shows the error, then logs out (the console's load failure)
  const list = useCall(endpoints.plusStoreOverview, { params: { type } });
  useLogoutOnLoadFailure(list.error);
  const stores = useMemo<Store[]>(() => (list.data ?? []).map((s) => ({ ...s, position: s.position ?? undefined })), [list.data]);
  const word = usePlusStatusWord();
  // The devices behind a store's online or offline count (plus-signage §2.7's status detail table).
  const [detail, setDetail] = useState<{ store: Store; status: DeviceStatus }>();
  const countCell = (store: Store, status: DeviceStatus) => {
    const count = status === 'ONLINE' ? store.online : store.offline;
    if (count === 0) return count;
    const open = (e: MouseEvent) => {
      e.stopPropagation(); // the row's own click leads to the store's list
      setDetail({ store, status });
    };
    return (
      <IonButton size="small" fill="clear" className="plus-count" onClick={open} data-testid={`${testId}-${status.toLowerCase()}-count`}>
        {count}
      </IonButton>
    );
  };

  // spec: plus §2.1, plus §2.2 — a table of stores, filterable by name and code, 25 rows by store name, a Detail link
  const columns = useMemo<Column<Store>[]>(
    () => [
      { field: 'storeName', label: t('overview.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('overview.storeCode'), filter: 'text' },
      {
        field: 'status',
        label: t('overview.status'),
        sortable: false,
        render: (r) => <PlusStoreStatus status={r.status} devices={r.online + r.offline} />,
      },
      { field: 'total', label: totalLabel },
      { field: 'online', label: t('overview.online'), render: (r) => countCell(r, 'ONLINE') },
      { field: 'offline', label: t('overview.offline'), render: (r) => countCell(r, 'OFFLINE') },
      {
        field: 'detail',
        label: t('overview.detail'),
        sortable: false,
        render: (r) => <Link to={detailPath(r.storeCode)}>{t('overview.detail')}</Link>,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- countCell only sets state
    [t, totalLabel, detailPath],
  );

  // spec: plus §2.3, plus §2.4 — map markers by status; the popup with name, code, status, counts and Detail
  const items = useMemo<MapListItem[]>(
    () =>
      stores.map((s) => ({
        id: s.storeCode,
        label: storeMapLabel(s),
        status: s.status,
        marker: storeMarker(
          s,
          <div data-testid={`${testId}-popup`}>
            <strong>{storeMapLabel(s)}</strong>
            <div>{s.online + s.offline === 0 ? t('health.noDevices') : word(s.status)}</div>
            <div>
              {totalLabel}: {s.total} · {t('overview.online')}: {s.online} · {t('overview.offline')}: {s.offline}
            </div>
            <Link to={popupPath(s.storeCode)}>{t('overview.detail')}</Link>
          </div>,
        ),
      })),
    [stores, t, word, totalLabel, popupPath, testId],
  );

  return (
    <Page title={title} subheader={<ViewToggle view={view} onChange={setView} testId={`${testId}-view`} />}>
      {view === 'table' ? (
        <DataTable
          id={`${testId}-stores`}
          columns={columns}
          source={{ kind: 'local', rows: stores, loading: list.isLoading, error: list.error?.message }}
          rowKey={(r) => r.storeCode}
          pageSizes={PLUS_PAGE_SIZES}
          defaultSort={{ field: 'storeName', dir: 'asc' }}
          rowHref={(r) => detailPath(r.storeCode)}
        />
      ) : (
        <MapWithSideList
          items={items}
          pageSizes={MAP_LIST_PAGE_SIZES}
          listLabel={t('overview.list')}
          statusLabel={word}
          testId={`${testId}-map`}
        />
      )}
      <StatusDetailModal
        isOpen={Boolean(detail)}
        title={detail ? t('overview.statusDetailTitle', { status: word(detail.status), store: storeMapLabel(detail.store) }) : ''}
        keyLabel={t('columns.mac')}
        nameLabel={t('columns.name')}
        source={{
          kind: 'server',
          endpoint: endpoints.plusDeviceList,
          params: { storeCode: detail?.store.storeCode ?? '' },
          extra: { filter_status: detail?.status },
          map: (d) => ({ key: (d as PlusDevice).mac, name: (d as PlusDevice).name }),
        }}
        pageSizes={PLUS_PAGE_SIZES}
        testId={`${testId}-status-detail`}
        onClose={() => setDetail(undefined)}
      />
    </Page>
  );
}
