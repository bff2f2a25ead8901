import { useCallback, useMemo, useState } from 'react';
import { IonSpinner, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { useSession } from '../../platform/session';
import { Page } from '../../ui/page';
import { DashboardDetailModal } from './dashboard-detail-modal';
import { selectedStores, type Selection } from './dashboard-data';
import { DashboardSections, StoreCountNote } from './dashboard-sections';
import type { DetailKind } from './section-types';
import { StoreFilter } from './store-filter';
import { useDashboardAnswer } from './use-dashboard';
import './dashboard.css';

/**
 * The landing page after login (console-core §2 Dashboard): the store filter, the cards (dashboard-sections.tsx,
 * shared with the lean phone dashboard, lean/) and their detail modal.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const { data: answer, error } = useDashboardAnswer();
  // A failed load shows the message and logs out (console-core §6).
  useLogoutOnLoadFailure(error);
  const [selection, setSelection] = useState<Selection>({ companies: [], stores: [] });
  const [detail, setDetail] = useState<{ kind: DetailKind | null; open: boolean }>({ kind: null, open: false });
  const stores = useMemo(() => (answer ? selectedStores(answer, selection) : []), [answer, selection]);
  // Stable, so that the memoized cards are not redrawn when only the modal opens or closes.
  const openDetail = useCallback((kind: DetailKind) => setDetail({ kind, open: true }), []);

  if (!answer) {
    return (
      <Page title={t('title')}>
        <div className="dashboard-loading">
          <IonSpinner aria-label={t('title')} />
        </div>
      </Page>
    );
  }

  return (
    <Page
      title={t('title')}
      subheader={
        <IonToolbar>
          <StoreFilter answer={answer} selection={selection} onChange={setSelection} />
          <StoreCountNote answer={answer} stores={stores} />
        </IonToolbar>
      }
    >
      <DashboardSections answer={answer} session={session} stores={stores} onDetail={openDetail} />
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
