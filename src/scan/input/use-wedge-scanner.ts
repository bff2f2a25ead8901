/*
 * React access to the wedge router: one capture-phase keydown listener on window for the whole app, however many
 * components use scanning (see wedge-router.ts for where characters and scans go).
 */
import { useEffect, useRef } from 'react';
import type { WedgeOptions } from './wedge';
import { retainWedgeListener, wedgeRouter } from './wedge-router';

export interface WedgeScannerOptions {
  /** Off while a modal that owns scanning is open, for example. Default true. */
  enabled?: boolean;
  /** Rhythm thresholds; they are app-wide (one detector), so the last component to pass them sets them. */
  detector?: WedgeOptions;
}

export function useWedgeScanner(onScan: (code: string) => void, options: WedgeScannerOptions = {}): void {
  const { enabled = true, detector } = options;
  // The latest callback without re-subscribing on every render: a re-subscription would reorder subscribers.
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  }, [onScan]);

  const detectorKey = detector ? JSON.stringify(detector) : '';
  useEffect(() => {
    if (detectorKey) wedgeRouter.configure(JSON.parse(detectorKey) as WedgeOptions);
  }, [detectorKey]);

  useEffect(() => {
    if (!enabled) return;
    const release = retainWedgeListener();
    const unsubscribe = wedgeRouter.subscribe((code) => latest.current(code));
    return () => {
      unsubscribe();
      release();
    };
  }, [enabled]);
}
