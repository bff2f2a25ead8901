import type { LoginAnswer } from '../../../contract/schemas/auth';

/*
 * What a login answer asks the console to do (console-core §2 Login), decided without React so that unit tests
 * cover every branch. The order matters: an error wins, then the first-login and redirect answers, then the
 * forced change; only a plain success opens the console.
 */
export type LoginOutcome =
  | { kind: 'error'; message: string | undefined }
  | { kind: 'createCompany' }
  | { kind: 'redirect'; url: string }
  | { kind: 'forceChange' }
  | { kind: 'success'; weakPwd: boolean; expireSoon: boolean };

/** The older answer form of NOTES.md 2: a 200 carrying `code` ≥ 0 is a failure. */
type MaybeOldAnswer = Partial<LoginAnswer> & { code?: unknown; message?: unknown };

// spec: core §2.20 — createCompany, redirect, forceChange, then success
export function classifyLoginAnswer(answer: MaybeOldAnswer, base: string): LoginOutcome {
  if (typeof answer.code === 'number' && answer.code >= 0) {
    return { kind: 'error', message: typeof answer.message === 'string' && answer.message ? answer.message : undefined };
  }
  // Without a token and systemConfig there is no session to keep (a missing systemConfig clears it, §6).
  if (!answer.accessToken || !answer.systemConfig)
    return { kind: 'error', message: typeof answer.message === 'string' ? answer.message : undefined };
  if (answer.createCompany) return { kind: 'createCompany' };
  if (answer.redirect) {
    const url = safeRedirect(answer.redirect, base);
    if (url) return { kind: 'redirect', url };
  }
  if (answer.forceChange) return { kind: 'forceChange' };
  return { kind: 'success', weakPwd: Boolean(answer.weakPwd), expireSoon: Boolean(answer.expireSoon) };
}

/** A server-given redirect (e.g. the company's sub-domain) may leave the app, but only to an http(s) page. */
export function safeRedirect(redirect: string, base: string): string | undefined {
  try {
    const url = new URL(redirect, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `next` parameter is only ever a path inside the app's hash router: an absolute URL, a protocol-relative
 * '//host', a backslash trick or the auth pages themselves fall back to home, so a crafted link cannot send a
 * member elsewhere after login.
 */
export function safeNext(next: string | null | undefined, home: string): string {
  if (!next) return home;
  const path = next.startsWith('#') ? next.slice(1) : next;
  if (!path.startsWith('/') || path.startsWith('//') || [...path].some((c) => c === '\\' || c.charCodeAt(0) < 32)) return home;
  if (/^\/(login|signup)(?=[/?#]|$)/.test(path)) return home;
  return path;
}
