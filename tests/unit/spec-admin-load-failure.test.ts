import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/platform/contract-client';
import { showFailureThenLogout } from '../../src/platform/load-failure';
import { getSession } from '../../src/platform/session';

/*
 * console-admin §6 and §8: a configuration page whose data fails to load shows the message, then logs the member
 * out and reloads the page; a failure to reach the server at all only shows its message (offline is no reason to
 * log out). The browser's storage, location and network are stood in for by plain objects.
 */
const SESSION_KEY = 'shelfpad.session';
const stored = new Map<string, string>();
const steps: string[] = [];

beforeEach(() => {
  stored.clear();
  steps.length = 0;
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => {
      steps.push('session cleared');
      stored.delete(k);
    },
  });
  vi.stubGlobal('window', { location: { reload: () => steps.push('reload'), origin: 'http://test', href: 'http://test/' } });
  vi.stubGlobal('fetch', async (url: string) => {
    steps.push(`call ${new URL(String(url), 'http://test').pathname}`);
    return new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  stored.set(
    SESSION_KEY,
    JSON.stringify({ accessToken: 't', email: 'admin@shelfpad.test', role_id: -1, privilege: [], companyInfo: {}, systemConfig: {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const showError = async (message: string) => void steps.push(`shown: ${message}`);

describe('a failed load of configuration data', () => {
  // spec: admin §6.8, admin §8.3 — the message first, then logout and a reload
  // spec: plus §2.6, plus §8.6 — the same steps after a failed Plus overview load (useLogoutOnLoadFailure) and a v1 show, set or timeline load or save
  it('shows the message, then logs out on the server, forgets the session and reloads the page', async () => {
    await showFailureThenLogout(showError, new ApiFailure('Role list failed to load.', 500, undefined, false, true));
    expect(steps[0]).toBe('shown: Role list failed to load.');
    expect(steps.slice(1)).toEqual([expect.stringMatching(/^call .*\/auth\/logout$/), 'session cleared', 'reload']);
    expect(getSession()).toBeUndefined();
  });

  // spec: admin §6.8 — not when the server was not reached at all
  it('only shows the message when the server could not be reached, keeping the member signed in', async () => {
    await showFailureThenLogout(showError, new ApiFailure('Network error', 0, undefined, true));
    expect(steps).toEqual(['shown: Network error']);
    expect(stored.has(SESSION_KEY)).toBe(true);
  });
});
