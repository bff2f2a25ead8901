/*
 * What a scan sounds, feels and looks like. Staff work by ear across an aisle, so the sound must start in the same
 * task as the scan (budget: scan → sound + flash p95 ≤ 50 ms): success()/failure() call Howl.play() and dispatch
 * the flash event synchronously, never after an await.
 *
 * Howler plays through Web Audio (decoded once, no <audio> start-up lag). Its audio context is made at the page's
 * first tap or key press (a wedge scanner's first key), not when the screen opens: a context made before any gesture
 * starts suspended anyway, and making it was a long task of the scan screen's start (issue 10, Lighthouse).
 */
import type { Howl } from 'howler';

/**
 * success/failure answer a finished scan; tick answers the first half of a pair (a tag scanned, its product now
 * awaited, issue 10 finding 8): short, higher and quieter, so nobody takes it for a result.
 */
export type FeedbackKind = 'success' | 'failure' | 'tick';

export const VIBRATION: Record<FeedbackKind, number[]> = { success: [40], failure: [100, 60, 100], tick: [15] };
export const FLASH_EVENT = 'shelfpad:flash';
export const FLASH_MS = 250;

export interface FlashDetail {
  kind: Exclude<FeedbackKind, 'tick'>;
}

export interface FeedbackRecord {
  kind: FeedbackKind;
  at: number;
}

declare global {
  interface Window {
    /**
     * Test/diagnostics hook: every feedback play is appended here as { kind, at: performance.now() }, so e2e tests
     * and the latency bench can observe sounds without audio hardware. Not an API for the app itself.
     */
    __shelfpadFeedback?: FeedbackRecord[];
  }
}

export interface Player {
  play(): void;
}

export interface FeedbackDeps {
  makePlayer(kind: FeedbackKind): Player;
  vibrate?(pattern: number[]): void;
  dispatch?(event: Event): void;
  now?(): number;
  record?(entry: FeedbackRecord): void;
}

export interface Feedback {
  success(): void;
  failure(): void;
  /** The first scan of a pair was taken; the screen shows the next step itself (no flash, which means a result). */
  tick(): void;
  play(kind: FeedbackKind): void;
  /** Get the sounds ready (fetched and decoded by the first gesture on the page); call when a scanning screen opens. */
  preload(): void;
  /** Mute sound only; vibration and flash still tell the user what happened. */
  setMuted(muted: boolean): void;
}

export function createFeedback(deps: FeedbackDeps): Feedback {
  const players: Partial<Record<FeedbackKind, Player>> = {};
  let muted = false;
  const player = (kind: FeedbackKind) => (players[kind] ??= deps.makePlayer(kind));

  const play = (kind: FeedbackKind) => {
    if (!muted) {
      try {
        player(kind).play();
      } catch {
        // no audio device or a locked context: vibration and flash below still carry the result
      }
    }
    deps.record?.({ kind, at: deps.now ? deps.now() : 0 });
    try {
      deps.vibrate?.(VIBRATION[kind]);
    } catch {
      // vibrate throws in some embedded webviews when called without a gesture
    }
    if (kind !== 'tick') deps.dispatch?.(new CustomEvent<FlashDetail>(FLASH_EVENT, { detail: { kind } }));
  };

  return {
    play,
    success: () => play('success'),
    failure: () => play('failure'),
    tick: () => play('tick'),
    preload: () => {
      player('success');
      player('failure');
      player('tick');
    },
    setMuted: (m) => {
      muted = m;
    },
  };
}

function soundUrl(kind: FeedbackKind): string {
  return `${import.meta.env?.BASE_URL ?? '/'}sounds/${kind}.wav`;
}

let howler: Promise<typeof import('howler')> | undefined;
let gesture: Promise<void> | undefined;

/** The events that give a page user activation (HTML's activation-triggering input events). */
const GESTURES = ['keydown', 'pointerdown', 'pointerup'] as const;

/** Longer than any gap within a wedge scan's burst of keys (wedge.ts). */
const QUIET_MS = 250;

/**
 * Resolves at the first pause after the page's first tap or key press (at once when the page has had one already).
 * The first gesture may be a wedge scan: making the audio context during its burst of keys would delay them, and a
 * burst slowed down that much is rejected as typing.
 */
function firstGestureThenPause(): Promise<void> {
  return (gesture ??= new Promise((resolve) => {
    if (navigator.userActivation?.hasBeenActive) return resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      GESTURES.forEach((type) => window.removeEventListener(type, onInput, true));
      resolve();
    };
    function onInput() {
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    }
    GESTURES.forEach((type) => window.addEventListener(type, onInput, { capture: true, passive: true }));
  }));
}

/** A sound asked for while its player was still being made plays when ready, unless this late (then it would mislead). */
const LATE_SOUND_MS = 1_000;

/** The app's feedback, wired to howler and the browser; inert outside a browser (unit tests, SSR). */
export const feedback: Feedback = createFeedback({
  makePlayer: (kind) => {
    if (typeof window === 'undefined') return { play: () => {} };
    // howler (~10 KB gzip) loads with preload(), when a scanning screen opens, not with the page (docs/architecture.md §8), and
    // makes its audio context after the first gesture; a scan before that still vibrates and flashes.
    let howl: Howl | undefined;
    let askedAt: number | undefined;
    void firstGestureThenPause()
      .then(() => (howler ??= import('howler')))
      .then((module) => {
        howl = new module.Howl({ src: [soundUrl(kind)], preload: true, html5: false });
        // The first scan may have been the first gesture: its sound plays once decoded (howler queues the play).
        if (askedAt !== undefined && performance.now() - askedAt < LATE_SOUND_MS) howl.play();
      });
    return {
      play: () => {
        if (howl) howl.play();
        else askedAt = performance.now();
      },
    };
  },
  vibrate: (pattern) => {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  },
  dispatch: (event) => {
    if (typeof window !== 'undefined') window.dispatchEvent(event);
  },
  now: () => performance.now(),
  record: (entry) => {
    if (typeof window !== 'undefined') (window.__shelfpadFeedback ??= []).push(entry);
  },
});
