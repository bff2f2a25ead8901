import { createContext, useContext } from 'react';
import { switchToConsole } from '../../platform/console-switch';

/** Something the lean app cannot show and asks the console to open once it has taken over /scan. */
export type ScanIntent = 'assignModal' | 'menu';

const INTENT_KEY = 'shelfpad.scan.intent';

/**
 * Where the scan screen runs: in the lean handheld app (no Ionic, docs/architecture.md §8) or inside the console's shell.
 * The lean app hands what needs Ionic (the tag assign modal) to the console: the intent survives the switch in
 * sessionStorage and the console's scan screen takes it once.
 */
export interface ScanHost {
  lean: boolean;
  openInConsole(intent: ScanIntent): void;
  /** Whether the intent was asked for (and forget it). */
  takeIntent(intent: ScanIntent): boolean;
}

function takeIntent(intent: ScanIntent): boolean {
  if (sessionStorage.getItem(INTENT_KEY) !== intent) return false;
  sessionStorage.removeItem(INTENT_KEY);
  return true;
}

export const consoleScanHost: ScanHost = { lean: false, openInConsole: () => {}, takeIntent };

export const leanScanHost: ScanHost = {
  lean: true,
  openInConsole: (intent) => {
    sessionStorage.setItem(INTENT_KEY, intent);
    void switchToConsole();
  },
  takeIntent: () => false,
};

export const ScanHostContext = createContext<ScanHost>(consoleScanHost);
export const useScanHost = () => useContext(ScanHostContext);
