/*
 * What a scan sounds, feels and looks like. Staff work by ear across an aisle, so the sound must start in the same
 * task as the scan (budget: scan → sound + flash p95 ≤ 50 ms): success()/failure() call Howl.play() and dispatch
 * the flash event synchronously, never after an await.
 *
 * Howler plays through Web Audio (decoded once, no <audio> start-up lag) and unlocks the audio context on the
 * first touch/click/keydown by itself (Howler.autoUnlock); preload() decodes both files ahead of the first scan.
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
  /** Create (and so fetch and decode) the sounds now; call when a scanning screen opens. */
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

/** The app's feedback, wired to howler and the browser; inert outside a browser (unit tests, SSR). */
export const feedback: Feedback = createFeedback({
  makePlayer: (kind) => {
    if (typeof window === 'undefined') return { play: () => {} };
    // howler (~10 KB gzip) loads with preload(), when a scanning screen opens, not with the page (DESIGN.md §8);
    // a scan before it arrived still vibrates and flashes.
    let howl: Howl | undefined;
    void (howler ??= import('howler')).then((module) => {
      howl = new module.Howl({ src: [soundUrl(kind)], preload: true, html5: false });
    });
    return { play: () => void howl?.play() };
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
