import { Fragment, memo, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../../contract/schemas/dashboard';
import { canRead, type Session } from '../../platform/session';
import { OfflineNotice } from '../../ui/offline-notice';
import { useStagedCount } from '../../ui/use-staged-count';
import { GatewaySection, ServerSection, VersionSection } from './health-sections';
import { PendingCard, type PendingBody } from './section-card';
import type { DetailKind, SectionProps } from './section-types';
import { StoreTagsSection, TagStatusSection, TagTypesSection } from './tag-sections';
import { DailySection, TodaySection } from './update-sections';

interface DashboardSectionsProps {
  /** Undefined while the answer is on its way: the cards the member will see are drawn as frames. */
  answer: Dashboard | undefined;
  session: Session | undefined;
  stores: string[];
  onDetail: (kind: DetailKind) => void;
}

/** Which of the answer's parts a section draws, and the read privilege the spec names for it (console-core §2). */
type Part = 'server' | 'store' | 'tag' | 'daily';

interface SectionSpec {
  part: Part;
  testId: string;
  title: ParseKeys<'dashboard'>;
  pending: PendingBody;
  wide?: boolean;
  draw(props: SectionProps): ReactNode;
}

/** The cards in the order they flow (one column on a phone). */
const SECTIONS: readonly SectionSpec[] = [
  {
    part: 'server',
    testId: 'dash-server',
    title: 'server.title',
    pending: 'donut',
    draw: ({ answer }) => <ServerSection counts={answer.serverStatus!} />,
  },
  { part: 'store', testId: 'dash-gateway', title: 'gateway.title', pending: 'donut', draw: (props) => <GatewaySection {...props} /> },
  { part: 'tag', testId: 'dash-tags', title: 'tags.title', pending: 'radial', draw: (props) => <TagStatusSection {...props} /> },
  {
    part: 'tag',
    testId: 'dash-store-tags',
    title: 'storeTags.title',
    pending: 'store-bars',
    wide: true,
    draw: (props) => <StoreTagsSection {...props} />,
  },
  { part: 'daily', testId: 'dash-today', title: 'today.title', pending: 'gauges', draw: (props) => <TodaySection {...props} /> },
  {
    part: 'store',
    testId: 'dash-versions',
    title: 'gateway.versionsTitle',
    pending: 'versions',
    draw: (props) => <VersionSection {...props} />,
  },
  { part: 'daily', testId: 'dash-daily', title: 'daily.title', pending: 'line', wide: true, draw: (props) => <DailySection {...props} /> },
  { part: 'tag', testId: 'dash-tag-types', title: 'tagTypes.bySize', pending: 'bars', draw: (props) => <TagTypesSection {...props} /> },
];

/**
 * A part shows only when the member has the read privilege the spec names AND the server sent it: the server leaves
 * out what the member may not read. Before the answer, the privileges alone say which cards will come.
 */
// spec: core §2.27 — sections gated by read privilege
function partsShown(session: Session | undefined, answer: Dashboard | undefined): Record<Part, boolean> {
  const sent = (value: unknown) => !answer || Boolean(value);
  const tag = canRead(session, 'tag') && sent(answer?.tagStatus);
  return {
    server: canRead(session, 'server') && sent(answer?.serverStatus),
    store: canRead(session, 'store') && sent(answer?.gwStatus),
    tag,
    daily: tag && canRead(session, 'product') && sent(answer?.productStatus || answer?.updatedTagCount),
  };
}

/**
 * The dashboard's cards, as the console's page and the lean phone dashboard both draw them (console-core §2). Before
 * the answer each card is a frame with its title, as high as its chart will be: the page has its shape at once and
 * does not shift when the numbers come. Then the charts replace the frames one card per task (useStagedCount).
 * Memoized: a screen that defers its answer (the lean dashboard) re-renders the cards only for a new one.
 */
export const DashboardSections = memo(function DashboardSections({ answer, session, stores, onDetail }: DashboardSectionsProps) {
  const { t } = useTranslation('dashboard');
  const shown = partsShown(session, answer);
  const sections = SECTIONS.filter((section) => shown[section.part]);
  const drawn = useStagedCount(answer ? sections.length : 0);
  const nothing = !shown.server && !shown.store && !shown.tag;
  return (
    <>
      {answer && <OfflineNotice data={answer} />}
      {nothing && <p className="dashboard-empty">{t('nothingToShow')}</p>}
      {answer && !nothing && stores.length === 0 && <p className="dashboard-empty">{t('noStores')}</p>}
      <div className="dashboard-grid-box">
        <div className="dashboard-grid">
          {sections.map((section, index) =>
            answer && index < drawn ? (
              <Fragment key={section.testId}>{section.draw({ answer, stores, onDetail })}</Fragment>
            ) : (
              <PendingCard
                key={section.testId}
                title={t(section.title)}
                testId={section.testId}
                body={section.pending}
                wide={section.wide}
              />
            ),
          )}
        </div>
      </div>
    </>
  );
});

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
