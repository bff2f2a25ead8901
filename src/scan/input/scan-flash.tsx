/*
 * The full-screen green/red flash that answers a scan. Mounted once near the app root; it listens for the
 * 'shelfpad:flash' event that feedback.ts dispatches synchronously with the sound, so flash and sound arrive in
 * the same frame. pointer-events: none — a flash must never eat the tap on the next button.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { FLASH_EVENT, FLASH_MS, type FlashDetail } from './feedback';

const COLOURS: Record<FlashDetail['kind'], string> = { success: 'rgba(46, 160, 67, 0.35)', failure: 'rgba(218, 54, 51, 0.45)' };

export function ScanFlash() {
  // A counter makes two scans in a row restart the flash instead of merging into one long one.
  const [flash, setFlash] = useState<{ kind: FlashDetail['kind']; n: number }>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFlash = (e: Event) => {
      const { kind } = (e as CustomEvent<FlashDetail>).detail;
      // Committed before the handler returns, so the flash paints in the frame the sound starts in: a state update
      // from an event outside React would otherwise wait for React's scheduler (docs/architecture.md §8: scan → flash ≤ 50 ms).
      flushSync(() => setFlash((prev) => ({ kind, n: (prev?.n ?? 0) + 1 })));
      clearTimeout(timer);
      timer = setTimeout(() => setFlash(undefined), FLASH_MS);
    };
    window.addEventListener(FLASH_EVENT, onFlash);
    return () => {
      window.removeEventListener(FLASH_EVENT, onFlash);
      clearTimeout(timer);
    };
  }, []);

  if (!flash) return null;
  const style: CSSProperties = {
    position: 'fixed',
    inset: 0,
    zIndex: 100000,
    pointerEvents: 'none',
    background: COLOURS[flash.kind],
  };
  return <div key={flash.n} style={style} data-scan-flash={flash.kind} aria-hidden="true" />;
}
