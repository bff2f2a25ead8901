import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../api/contract/dashboard';
import { canRead, type Session } from '../../app/session';
import { OfflineNotice } from '../../ui/offline-notice';
import { GatewaySection, ServerSection, VersionSection } from './health-sections';
import type { DetailKind, SectionProps } from './section-types';
import { StoreTagsSection, TagStatusSection, TagTypesSection } from './tag-sections';
import { DailySection, TodaySection } from './update-sections';

interface DashboardSectionsProps {
  answer: Dashboard;
  session: Session | undefined;
  stores: string[];
  onDetail: (kind: DetailKind) => void;
}

/**
 * The dashboard's cards, as the console's page and the lean phone dashboard both draw them (console-core §2). A
 * section shows only when the member has the read privilege the spec names AND the server sent it: the server
 * leaves out what the member may not read.
 */
export function DashboardSections({ answer, session, stores, onDetail }: DashboardSectionsProps) {
  const { t } = useTranslation('dashboard');
  const read = {
    server: canRead(session, 'server') && Boolean(answer.serverStatus),
    store: canRead(session, 'store') && Boolean(answer.gwStatus),
    tag: canRead(session, 'tag') && Boolean(answer.tagStatus),
  };
  const daily = read.tag && canRead(session, 'product') && Boolean(answer.productStatus || answer.updatedTagCount);
  const props: SectionProps = { answer, stores, onDetail };
  const nothing = !read.server && !read.store && !read.tag;
  return (
    <>
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
    </>
  );
}

/** "n stores shown · m updating", under the store filter. */
export function StoreCountNote({ answer, stores }: { answer: Dashboard; stores: string[] }) {
  const { t } = useTranslation('dashboard');
  const updating = answer.updatingStoreList.filter((c) => stores.includes(c)).length;
  return (
    <p className="dashboard-filter-note" data-testid="dash-store-count" data-value={stores.length}>
      {t('filter.storesShown', { count: stores.length })}
      {updating > 0 && ` · ${t('filter.updating', { count: updating })}`}
    </p>
  );
}
