/*
 * The handheld scan screen (issue 4 item 3), shared by the lean handheld app and the console's /scan page. No
 * Ionic here: on a handheld this is the first load (budget ≤ 150 KB gzip, docs/architecture.md §8); the camera loads on its
 * first use (ScanField), the tag assign modal only in the console.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../input/feedback';
import { ScanFlash } from '../input/scan-flash';
import { useWakeLock } from '../input/wake-lock';
import { SegmentTabs } from '../../ui/lean/segment-tabs';
import { AssignMode } from './assign-mode';
import { PlusMode } from './plus-mode';
import { BlinkMode, DeassignMode, LookupMode } from './single-field-modes';
import { ScanLogView } from './scan-log-view';
import { StorePicker, useScanStore } from './store-picker';
import { useScanLog } from './use-scan-log';
import { useTagStatuses } from './use-tag-status';
import type { ModeProps } from './mode-props';
import './scan.css';

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

const isMode = (value: string | null): value is Mode => (MODES as readonly string[]).includes(value ?? '');

/** `shown`: false while the screen is mounted but not on view (Ionic keeps a left page): fields stop taking scans. */
export function ScanScreen({ shown }: { shown: boolean }) {
  const { t } = useTranslation('scan');
  const [store, pickStore, stores, cache] = useScanStore();
  const [mode, setMode] = useState<Mode>(() => {
    const saved = localStorage.getItem(MODE_KEY);
    return isMode(saved) ? saved : 'assign';
  });
  useWakeLock(shown);
  const log = useScanLog();
  const tagStatuses = useTagStatuses(store, log.entries);

  useEffect(() => feedback.preload(), []);

  const chooseMode = (next: Mode) => {
    localStorage.setItem(MODE_KEY, next);
    setMode(next);
  };

  const View = MODE_VIEWS[mode];
  return (
    <div className="scan-screen">
      <ScanFlash />
      <StorePicker store={store} stores={stores} onPick={pickStore} cache={cache} showCache />
      <SegmentTabs
        label={t('modesLabel')}
        value={mode}
        options={MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
        onChange={chooseMode}
        testId="scan-modes"
        even
      />
      {!store && <p className="lean-note">{t('noStore')}</p>}
      {/* Keyed by store and mode: a change starts the flow afresh, never pairing a tag of one store with another's product. */}
      {store && shown && <View key={`${store}/${mode}`} storeCode={store} log={log} />}
      <ScanLogView log={log} tagStatuses={tagStatuses} />
    </div>
  );
}
