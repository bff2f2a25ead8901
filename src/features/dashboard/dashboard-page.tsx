import { useMemo, useState } from 'react';
import { IonSpinner, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { canRead, useSession } from '../../app/session';
import { OfflineNotice } from '../../ui/offline-notice';
import { Page } from '../../ui/page';
import { DashboardDetailModal } from './dashboard-detail-modal';
import { selectedStores, type Selection } from './dashboard-data';
import { GatewaySection, ServerSection, VersionSection } from './health-sections';
import type { DetailKind, SectionProps } from './section-types';
import { StoreFilter } from './store-filter';
import { StoreTagsSection, TagStatusSection, TagTypesSection } from './tag-sections';
import { DailySection, TodaySection } from './update-sections';
import { useDashboard } from './use-dashboard';
import './dashboard.css';

/**
 * The landing page after login (console-core §2 Dashboard). A section shows only when the member has the read
 * privilege the spec names AND the server sent it: the server leaves out what the member may not read.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const { data: answer } = useDashboard();
  const [selection, setSelection] = useState<Selection>({ companies: [], stores: [] });
  const [detail, setDetail] = useState<{ kind: DetailKind | null; open: boolean }>({ kind: null, open: false });
  const stores = useMemo(() => (answer ? selectedStores(answer, selection) : []), [answer, selection]);

  if (!answer) {
    return (
      <Page title={t('title')}>
        <div className="dashboard-loading">
          <IonSpinner aria-label={t('title')} />
        </div>
      </Page>
    );
  }

  const read = {
    server: canRead(session, 'server') && Boolean(answer.serverStatus),
    store: canRead(session, 'store') && Boolean(answer.gwStatus),
    tag: canRead(session, 'tag') && Boolean(answer.tagStatus),
  };
  const daily = read.tag && canRead(session, 'product') && Boolean(answer.productStatus || answer.updatedTagCount);
  const props: SectionProps = { answer, stores, onDetail: (kind) => setDetail({ kind, open: true }) };
  const updating = answer.updatingStoreList.filter((c) => stores.includes(c)).length;
  const nothing = !read.server && !read.store && !read.tag;

  return (
    <Page
      title={t('title')}
      subheader={
        <IonToolbar>
          <StoreFilter answer={answer} selection={selection} onChange={setSelection} />
          <p className="dashboard-filter-note" data-testid="dash-store-count" data-value={stores.length}>
            {t('filter.storesShown', { count: stores.length })}
            {updating > 0 && ` · ${t('filter.updating', { count: updating })}`}
          </p>
        </IonToolbar>
      }
    >
      <OfflineNotice data={answer} />
      {nothing && <p className="dashboard-empty">{t('nothingToShow')}</p>}
      {!nothing && stores.length === 0 && <p className="dashboard-empty">{t('noStores')}</p>}
      <div className="dashboard-grid-box">
        <div className="dashboard-grid">
          {read.server && answer.serverStatus && <ServerSection counts={answer.serverStatus} />}
          {read.store && <GatewaySection {...props} />}
          {read.tag && <TagStatusSection {...props} />}
          {read.tag && <StoreTagsSection {...props} />}
          {daily && <TodaySection {...props} />}
          {read.store && <VersionSection {...props} />}
          {daily && <DailySection {...props} />}
          {read.tag && <TagTypesSection {...props} />}
        </div>
      </div>
      <DashboardDetailModal
        open={detail.open}
        kind={detail.kind}
        answer={answer}
        stores={stores}
        onClose={() => setDetail((d) => ({ ...d, open: false }))}
      />
    </Page>
  );
}
