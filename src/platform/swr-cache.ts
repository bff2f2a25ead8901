import { useSyncExternalStore } from 'react';
import type { Cache, State } from 'swr';
import { getSession, onSessionChange } from './session';

/*
 * The console's SWR cache, kept in localStorage so that a manager who reloads the dashboard, the exceptions or the
 * store list with no signal sees the last answers instead of an endless spinner (issue 10), with the time they are
 * from. Only read answers are kept — never the session or its token (those live in sessionStorage alone), nothing
 * of the auth calls — and they are kept per member: the storage key is derived from the member's e-mail address,
 * and signing in as someone else empties the memory cache and loads that member's answers only.
 */

const STORAGE_PREFIX = 'shelfpad.swr.';
/** localStorage holds ~5 MB per origin: the console takes at most this much, and drops its oldest answers first. */
const MAX_TOTAL_CHARS = 1_500_000;
/** A single answer bigger than this (a whole tag list) is not worth the space. */
const MAX_ENTRY_CHARS = 300_000;
const SAVE_DELAY_MS = 500;
/** Auth calls (login, session check, password) may carry secrets: never written. */
const NEVER_KEPT = /\/auth\//;

interface KeptAnswer {
  data: unknown;
  at: number;
}

/** When each answer object was received from the server (kept answers: when they were, originally). */
const receivedAt = new WeakMap<object, number>();

/** FNV-1a: a short, stable name for the member's storage, without the address itself in the key. */
function scopeOf(email: string): string {
  let hash = 0x811c9dc5;
  for (const char of email.toLowerCase()) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return STORAGE_PREFIX + hash.toString(36);
}

function readKept(scope: string): Record<string, KeptAnswer> {
  try {
    return (JSON.parse(localStorage.getItem(scope) ?? '{}') as Record<string, KeptAnswer>) ?? {};
  } catch {
    return {};
  }
}

/* ---- Whether the server is out of reach: the browser says so, or the last read failed on the network. ---- */

let lastReadFailedOnNetwork = false;
const connectivityListeners = new Set<() => void>();

function setNetworkFailure(failed: boolean): void {
  if (failed === lastReadFailedOnNetwork) return;
  lastReadFailedOnNetwork = failed;
  connectivityListeners.forEach((listener) => listener());
}

function subscribeConnectivity(listener: () => void): () => void {
  connectivityListeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    connectivityListeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the app has no way to the server. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribeConnectivity,
    () => !navigator.onLine || lastReadFailedOnNetwork,
    () => false,
  );
}

/** When an answer the cache holds was received (undefined: not an answer from this cache). */
export const answerReceivedAt = (data: unknown): number | undefined =>
  data !== null && typeof data === 'object' ? receivedAt.get(data) : undefined;

/* ---- The cache ---- */

class PersistentCache extends Map<string, State> implements Cache {
  private scope: string | undefined;
  private kept: Record<string, KeptAnswer> = {};
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.switchMember(getSession()?.email);
    onSessionChange(() => this.switchMember(getSession()?.email));
    // A reload or a closed tab within the save delay would lose the newest answers: write them on the way out.
    window.addEventListener('pagehide', () => this.flush());
  }

  private switchMember(email: string | undefined): void {
    const scope = email ? scopeOf(email) : undefined;
    if (scope === this.scope) return;
    this.flush();
    super.clear();
    this.scope = scope;
    this.kept = scope ? readKept(scope) : {};
    for (const [key, answer] of Object.entries(this.kept)) {
      if (answer.data !== null && typeof answer.data === 'object') receivedAt.set(answer.data, answer.at);
      super.set(key, { data: answer.data });
    }
  }

  set(key: string, state: State): this {
    const previous = super.get(key);
    super.set(key, state);
    const failure = state.error as { network?: boolean } | undefined;
    if (failure) setNetworkFailure(Boolean(failure.network));
    // A new answer, or a revalidation that succeeded with an equal one (SWR then keeps the old object): either way
    // the data is as of now. Every other set only changes SWR's flags around the same data.
    const revalidated = Boolean(previous?.isValidating) && !state.isValidating && !state.error;
    if (state.data !== undefined && (state.data !== previous?.data || revalidated)) {
      setNetworkFailure(false);
      if (state.data !== null && typeof state.data === 'object') receivedAt.set(state.data, Date.now());
      this.keep(key, state.data);
    }
    return this;
  }

  delete(key: string): boolean {
    if (key in this.kept) {
      delete this.kept[key];
      this.scheduleSave();
    }
    return super.delete(key);
  }

  private keep(key: string, data: unknown): void {
    // SWR's own bookkeeping keys ($inf$, $sub$ ...) and auth answers stay in memory only.
    if (!this.scope || key.startsWith('$') || NEVER_KEPT.test(key)) return;
    const at = (data !== null && typeof data === 'object' && receivedAt.get(data)) || Date.now();
    this.kept[key] = { data, at };
    this.scheduleSave();
  }

  private scheduleSave(): void {
    if (this.saveTimer === undefined) this.saveTimer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /** Write the member's answers, newest first, within the size limits. */
  private flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.scope) return;
    const entries = Object.entries(this.kept)
      .map(([key, answer]) => [key, answer, JSON.stringify(answer)] as const)
      .filter(([, , json]) => json.length <= MAX_ENTRY_CHARS)
      .sort(([, a], [, b]) => b.at - a.at);
    let total = 0;
    const parts: string[] = [];
    for (const [key, , json] of entries) {
      total += json.length + key.length;
      if (total > MAX_TOTAL_CHARS) break;
      parts.push(`${JSON.stringify(key)}:${json}`);
    }
    try {
      localStorage.setItem(this.scope, `{${parts.join(',')}}`);
    } catch {
      // Storage full or denied: the cache still works, only an offline reload shows less.
    }
  }
}

let shared: PersistentCache | undefined;

/**
 * SWR's `provider`: one persistent cache for the page. A lean screen (the phone dashboard) and the console that
 * takes over from it share it, so the console draws at once what the lean screen last received.
 */
export const persistentCache = (): Cache => (shared ??= new PersistentCache());
