/*
 * Wedge scanners (Zebra, Honeywell, USB/Bluetooth guns) "type" the code followed by a suffix key. The only thing
 * that tells them apart from a person is rhythm: a scanner sends ~0–30 ms per key, a fast typist ~80–150 ms.
 * This module is pure (no DOM, no clock): it sees key events with their timestamps and says what a burst was.
 * The DOM side (use-wedge-scanner.ts / wedge-router.ts) decides where the characters go.
 *
 * A burst is judged whole, by its average rhythm from its first character to its suffix. A single late key (a busy
 * main thread delays one keydown by a few hundred ms while the scanner's later keys queue up behind it) must not cut
 * the burst in two: the tail alone would look like a fast scan of a shorter — wrong — code. So a burst only ends at
 * its suffix, a modifier shortcut, reset(), or a pause long enough that no scan could contain it (maxGapMs); and a
 * burst whose average is too slow is rejected as a whole, never trimmed down to a fast-looking part.
 */

export interface WedgeOptions {
  /** A burst is a scan when its average time per character, first character to suffix, is at most this. */
  maxAvgMsPerChar?: number;
  /** Shorter bursts are typing even when fast (a quick "ok" + Enter is not a product code). */
  minLength?: number;
  /** Keys that end a burst; the scanner's configured suffix. */
  suffixes?: string[];
  /**
   * A pause longer than this between two keys starts a new burst: what was typed before it is not part of a scan.
   * Keep it well above the longest single hiccup a scan may contain, or a late key splits a scan in two.
   */
  maxGapMs?: number;
}

export interface WedgeKey {
  key: string;
  timeStamp: number;
  /** A key held with a modifier (Ctrl+V, Alt+…) is a person's shortcut, never part of a scan. */
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export type WedgeResult =
  | { kind: 'scan'; code: string }
  /** `first` marks the character that opened a new burst, so callers can remember state from before it. */
  | { kind: 'pending'; first?: boolean }
  | { kind: 'typing' };

export interface WedgeDetector {
  key(event: WedgeKey): WedgeResult;
  /** Forget the current burst (focus moved, the page was hidden). */
  reset(): void;
}

export const WEDGE_DEFAULTS: Required<WedgeOptions> = {
  maxAvgMsPerChar: 30,
  minLength: 4,
  suffixes: ['Enter', 'Tab'],
  maxGapMs: 1000,
};

/** One user-perceived printable character: 'a', '7', 'é', an emoji; never 'Shift', 'ArrowLeft', 'Dead'. */
export function isPrintableKey(key: string): boolean {
  return [...key].length === 1;
}

export function createWedgeDetector(opts: WedgeOptions = {}): WedgeDetector {
  const o = { ...WEDGE_DEFAULTS, ...opts };
  let chars: string[] = [];
  let firstAt = 0;
  let lastAt: number | undefined;

  const reset = () => {
    chars = [];
    lastAt = undefined;
  };

  const key = (e: WedgeKey): WedgeResult => {
    if (e.ctrlKey || e.altKey || e.metaKey) {
      reset();
      return { kind: 'typing' };
    }
    const paused = lastAt !== undefined && e.timeStamp - lastAt > o.maxGapMs;
    if (o.suffixes.includes(e.key)) {
      // A suffix after a long pause belongs to no burst: a person pressed Enter after typing.
      const n = paused ? 0 : chars.length;
      const code = chars.join('');
      // n characters and the suffix make n intervals: a late key raises the average, it never cuts the burst.
      const avg = n > 0 ? (e.timeStamp - firstAt) / n : Infinity;
      reset();
      if (n >= o.minLength && avg <= o.maxAvgMsPerChar) return { kind: 'scan', code };
      return { kind: 'typing' };
    }
    if (!isPrintableKey(e.key)) {
      // Shift (for upper case), CapsLock and the like arrive inside scans; they neither add nor break a burst.
      return chars.length > 0 ? { kind: 'pending' } : { kind: 'typing' };
    }
    const first = chars.length === 0 || paused;
    if (first) {
      chars = [];
      firstAt = e.timeStamp;
    }
    chars.push(e.key);
    lastAt = e.timeStamp;
    return first ? { kind: 'pending', first: true } : { kind: 'pending' };
  };

  return { key, reset };
}
