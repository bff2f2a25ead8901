import { useMemo } from 'react';
import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MAP_LIST_PAGE_SIZES } from '../../../contract/schemas/constants-core';
import type { PaperStore } from '../../../contract/schemas/paper';
import { useCompanySelection } from '../../platform/company-selection';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { MapWithSideList, storeMapItems, storeMapLabel, type MapListItem } from '../../ui/map';
import { Page } from '../../ui/page';
import { useViewType, ViewToggle } from '../../ui/view-toggle';
import { HealthBadge } from '../../ui/status-badge';
import { HEALTH_STATUSES, PAPER_PAGE_SIZES, PAPER_UPLOAD_HISTORY_PATH, paperTaskListPath, usePaperStores } from './paper-constants';
import './paper.css';

/** storeMapItems takes a missing position as undefined, the contract answers null. */
type Store = Omit<PaperStore, 'position'> & { position?: { latitude: number; longitude: number } };

/** The map: status filter and side list from MapWithSideList; a store's popup shows its counts and opens its tasks. */
function PaperStoreMap({ stores }: { stores: readonly Store[] }) {
  const { t } = useTranslation('paper');
  const items = useMemo<MapListItem[]>(
    () =>
      storeMapItems(stores, (s) => (
        <div data-testid="paper-map-popup" className="paper-popup">
          <strong>{storeMapLabel(s)}</strong>
          <dl>
            <dt>{t('columns.totalTaskCount')}</dt>
            <dd>{s.totalTaskCount}</dd>
            <dt>{t('columns.totalCompleteCount')}</dt>
            <dd>{s.totalCompleteCount}</dd>
            <dt>{t('columns.todayTaskCount')}</dt>
            <dd>{s.todayTaskCount}</dd>
            <dt>{t('columns.todayCompleteCount')}</dt>
            <dd>{s.todayCompleteCount}</dd>
          </dl>
          <Link to={paperTaskListPath(s.storeCode)}>{t('overview.open')}</Link>
        </div>
      )),
    [stores, t],
  );
  return (
    <MapWithSideList
      items={items}
      pageSizes={MAP_LIST_PAGE_SIZES}
      listLabel={t('overview.list')}
      statusLabel={(s) => t(`health.${s}`)}
      testId="paper-map"
    />
  );
}

/** /paper (console-admin §2): the member's stores with their print task counts, as a table or on a map. */
export default function PaperStoreListPage() {
  const { t } = useTranslation('paper');
  const session = useSession();
  const several = hasSeveralCompanies(session);
  const [view, setView] = useViewType();
  // One call answers every store (the map needs them all); the header's company selection narrows in the browser.
  const company = useCompanySelection();
  const list = usePaperStores();
  useLogoutOnLoadFailure(list.error);
  const stores = useMemo(
    () => (list.data ?? []).filter((s) => !company || s.companyCode === company).map((s) => ({ ...s, position: s.position ?? undefined })),
    [list.data, company],
  );

  const columns = useMemo(() => {
    const all: (Column<Store> | false)[] = [
      { field: 'storeName', label: t('columns.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('columns.storeCode'), filter: 'text' },
      several && { field: 'companyName', label: t('columns.companyName'), filter: 'text' },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'enum',
        options: HEALTH_STATUSES.map((s) => ({ value: s, label: t(`health.${s}`) })),
        render: (r) => <HealthBadge status={r.status} label={t(`health.${r.status}`)} />,
      },
      { field: 'totalTaskCount', label: t('columns.totalTaskCount'), filter: 'number' },
      { field: 'totalCompleteCount', label: t('columns.totalCompleteCount'), filter: 'number' },
      { field: 'todayTaskCount', label: t('columns.todayTaskCount'), filter: 'number' },
      { field: 'todayCompleteCount', label: t('columns.todayCompleteCount'), filter: 'number' },
    ];
    return all.filter((c): c is Column<Store> => Boolean(c));
  }, [t, several]);

  return (
    <Page
      title={t('overview.title')}
      actions={
        <IonButton routerLink={PAPER_UPLOAD_HISTORY_PATH} fill="outline" size="small" data-testid="paper-history-link">
          {t('overview.uploadHistory')}
        </IonButton>
      }
      subheader={<ViewToggle view={view} onChange={setView} testId="paper-view" />}
    >
      {view === 'table' ? (
        <DataTable
          id="paper-stores"
          columns={columns}
          source={{ kind: 'local', rows: stores, loading: list.isLoading, error: list.error?.message }}
          rowKey={(r) => r.storeCode}
          pageSizes={PAPER_PAGE_SIZES}
          defaultSort={{ field: 'storeName', dir: 'asc' }}
          rowHref={(r) => paperTaskListPath(r.storeCode)}
        />
      ) : (
        <PaperStoreMap stores={stores} />
      )}
    </Page>
  );
}
