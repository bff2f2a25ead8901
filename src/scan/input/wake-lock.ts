/*
 * Keep the screen on while scanning: a handheld that dims between two shelves costs a wake-up per label.
 * The browser releases a wake lock whenever the page is hidden, so it is asked for again on visibilitychange.
 */
import { useEffect } from 'react';

interface Sentinel {
  released: boolean;
  release(): Promise<void>;
}

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: Sentinel | undefined;
    let done = false;
    const acquire = () => {
      if (done || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock
        .request('screen')
        .then((s) => {
          if (done) void s.release();
          else sentinel = s;
        })
        .catch(() => {
          // refused (battery saver, no gesture yet, unsupported policy): scanning works without it
        });
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
}
