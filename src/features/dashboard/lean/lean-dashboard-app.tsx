import { useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { barcodeOutline, ellipsisVertical, syncOutline } from 'ionicons/icons';
import { SWRConfig } from 'swr';
import { useCollecting } from '../../../platform/collecting';
import { switchToConsole } from '../../../platform/console-switch';
import { LeanScreen } from '../../../platform/handover';
import { useFooterText } from '../../../platform/footer-text';
import { canRead, useSession, type Session } from '../../../platform/session';
import { persistentCache, useOffline } from '../../../platform/swr-cache';
import { LeanIcon } from '../../../ui/lean/lean-icon';
import { LeanBarButton, LeanPage } from '../../../ui/lean/lean-page';
import { selectedStores } from '../dashboard-data';
import { DashboardSections, StoreCountNote } from '../dashboard-sections';
import { useDashboardAnswer } from '../use-dashboard';
import { LeanStoreFilter } from './lean-store-filter';
import '../dashboard.css';
import './lean-dashboard.css';

/** The console's sidebar breakpoint (shell/entry.tsx): a window widened past it gets the console. */
const SIDEBAR_QUERY = '(min-width: 992px)';
const ALL = { companies: [], stores: [] };
/** A section's Details button hands over to the console (section-card.tsx): the lean page opens nothing itself. */
const NO_DETAIL = () => undefined;

/*
 * The dashboard a phone opens first (issue 10: a manager's phone, Lighthouse mobile ≥ 90): the console's cards
 * (dashboard-sections.tsx) in a page without Ionic, the router or the menu. What needs the console — the menu, the
 * header's lists, the store selects, a section's details — hands the tap to it (platform/handover.ts), as does any other
 * address (shell/entry.tsx). Its reads share the console's persistent cache, so the console takes over with the same
 * numbers on screen and an offline reload shows the last ones.
 */
export default function LeanDashboardApp() {
  const session = useSession();
  // Without a session or the right to read the dashboard the console's guard decides: login, or another page.
  const allowed = !!session && canRead(session, 'dashboard');
  useEffect(() => {
    if (!allowed) void switchToConsole();
  }, [allowed]);
  useEffect(() => {
    const wide = window.matchMedia(SIDEBAR_QUERY);
    const onChange = () => wide.matches && void switchToConsole();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  if (!allowed) return null;
  return (
    <SWRConfig value={{ provider: persistentCache }}>
      <LeanScreen value>
        <LeanDashboard session={session} />
      </LeanScreen>
    </SWRConfig>
  );
}

function LeanDashboard({ session }: { session: Session }) {
  const { t } = useTranslation('dashboard');
  const { data, error } = useDashboardAnswer();
  // The cards are drawn at a transition's priority, also from the cache at start (the initial value): React renders
  // them in slices of a few milliseconds, so a tap while a phone draws them is answered at once instead of after
  // one long task. (DashboardSections is memoized: the urgent render with the previous answer redraws nothing.)
  const answer = useDeferredValue(data, undefined);
  const stores = useMemo(() => (answer ? selectedStores(answer, ALL) : []), [answer]);
  // A refused read: the console's page shows the message and logs out (console-core §6). Offline is no failure.
  useEffect(() => {
    if (error && !error.network) void switchToConsole();
  }, [error]);
  // The header keeps its height from the first paint on (the filter before the answer, a blank line for the count):
  // a header growing when the answer arrives would shift the whole page (Lighthouse's CLS).
  const filter = (
    <div className="lean-dashboard__filter">
      <LeanStoreFilter answer={answer} session={session} />
      {answer ? <StoreCountNote answer={answer} stores={stores} /> : <p className="dashboard-filter-note">&nbsp;</p>}
    </div>
  );
  // The footer comes with the cards, below them, rather than being pushed down by them; offline, when no cards may
  // come, at once.
  const offline = useOffline();
  return (
    <LeanPage
      title={t('title')}
      end={<HeaderActions session={session} />}
      subheader={filter}
      footer={(answer || offline) && <FooterLine />}
    >
      <DashboardSections answer={answer} session={session} stores={stores} onDetail={NO_DETAIL} />
    </LeanPage>
  );
}

/**
 * The phone header's end, as the console draws it (layout/header-actions.tsx): Scan for members who may scan (one
 * tap, issue 31 §4: a plain link, the console takes over at /scan — shell/entry.tsx), the collecting list and "more".
 */
function HeaderActions({ session }: { session: Session }) {
  const { t } = useTranslation('layout');
  const count = useCollecting(session).items.length;
  return (
    <>
      {/* The /scan route's privilege (shell/routes.tsx), read here without loading the route table into the lean page. */}
      {canRead(session, 'tag') && (
        <a href="#/scan" className="lean-page__icon" aria-label={t('menu.items.scan')} data-testid="quick-access">
          <LeanIcon icon={barcodeOutline} />
        </a>
      )}
      <LeanBarButton
        name="collecting"
        label={`${t('collecting.title')}: ${t('collecting.count', { count })}`}
        icon={syncOutline}
        testId="collecting-button"
      >
        {count > 0 && (
          <span className="lean-dashboard__badge" data-testid="collecting-count">
            {count}
          </span>
        )}
      </LeanBarButton>
      <LeanBarButton name="more" label={t('header.more')} icon={ellipsisVertical} testId="header-more" />
    </>
  );
}

function FooterLine() {
  return <span data-testid="app-footer">{useFooterText()}</span>;
}
