/*
 * The handheld scan screen (issue 4 item 3). Kept lean on purpose — it is the first load on a handheld
 * (budget: ≤ 150 KB gzip, DESIGN.md §8): no charts, no tables; the camera loads on its first use (ScanField).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { IonBadge, IonButton, IonIcon, IonLabel, IonNote, IonSegment, IonSegmentButton, IonToolbar, useIonViewDidEnter, useIonViewWillLeave } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { Page } from '../../ui/page';
import { feedback } from '../../scan/feedback';
import { ScanFlash } from '../../scan/scan-flash';
import { useWakeLock } from '../../scan/wake-lock';
import { usePendingCount } from '../../offline/use-outbox';
import { AssignMode } from './assign-mode';
import { PlusMode } from './plus-mode';
import { BlinkMode, DeassignMode, LookupMode } from './single-field-modes';
import { ScanLogView } from './scan-log-view';
import { StorePicker, useScanStore } from './store-picker';
import { useScanLog } from './use-scan-log';
import { useTagStatuses } from './use-tag-status';
import type { ModeProps } from './mode-props';

const MODES = ['assign', 'plus', 'deassign', 'blink', 'lookup'] as const;
type Mode = (typeof MODES)[number];
const MODE_VIEWS: Record<Mode, ComponentType<ModeProps>> = {
  assign: AssignMode,
  plus: PlusMode,
  deassign: DeassignMode,
  blink: BlinkMode,
  lookup: LookupMode,
};
const MODE_KEY = 'shelfpad.scan.mode';

function PendingButton() {
  const { t } = useTranslation('scan');
  const pending = usePendingCount();
  return (
    <IonButton routerLink="/scan/queue" aria-label={t('pending', { count: pending })} data-testid="pending-count">
      <IonIcon slot="icon-only" icon={cloudUploadOutline} aria-hidden="true" />
      {pending > 0 && <IonBadge color="warning">{pending}</IonBadge>}
    </IonButton>
  );
}

export default function ScanPage() {
  const { t } = useTranslation('scan');
  const [store, pickStore, stores, cache] = useScanStore();
  const [mode, setMode] = useState<Mode>(() => {
    const saved = localStorage.getItem(MODE_KEY);
    return (MODES as readonly string[]).includes(saved ?? '') ? (saved as Mode) : 'assign';
  });
  // Ionic keeps a left page mounted: its scan fields must stop taking scans, and the screen may sleep again.
  const [shown, setShown] = useState(true);
  useIonViewDidEnter(() => setShown(true));
  useIonViewWillLeave(() => setShown(false));
  useWakeLock(shown);
  const log = useScanLog();
  const tagStatuses = useTagStatuses(store, log.entries);

  useEffect(() => feedback.preload(), []);

  const chooseMode = (value: string) => {
    const next = (MODES as readonly string[]).includes(value) ? (value as Mode) : 'assign';
    localStorage.setItem(MODE_KEY, next);
    setMode(next);
  };

  const View = MODE_VIEWS[mode];
  const subheader = (
    <IonToolbar>
      <StorePicker store={store} stores={stores} onPick={pickStore} cache={cache} />
      <IonSegment scrollable value={mode} onIonChange={(e) => chooseMode(String(e.detail.value))} data-testid="scan-modes">
        {MODES.map((m) => (
          <IonSegmentButton key={m} value={m}>
            <IonLabel>{t(`modes.${m}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
    </IonToolbar>
  );

  return (
    <Page title={t('title')} actions={<PendingButton />} subheader={subheader}>
      <ScanFlash />
      {!store && <IonNote>{t('noStore')}</IonNote>}
      {/* Keyed by store and mode: a change starts the flow afresh, never pairing a tag of one store with another's product. */}
      {store && shown && <View key={`${store}/${mode}`} storeCode={store} log={log} />}
      <ScanLogView log={log} tagStatuses={tagStatuses} />
    </Page>
  );
}
