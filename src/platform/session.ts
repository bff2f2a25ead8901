import { useSyncExternalStore } from 'react';
import type { LoginAnswer } from '../../contract/schemas/auth';
import type { PrivilegeSection } from '../../contract/endpoints/define';

/*
 * The session lives in sessionStorage: it lasts for the browser session and is never written to localStorage
 * (docs/architecture.md §3). A stored session without systemConfig is treated as none and removed (console-core §6).
 */
const KEY = 'shelfpad.session';
export type Session = LoginAnswer;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Session | undefined;

// spec: core §6.4 — a stored session without systemConfig is cleared; sessionStorage lasts the browser session
function read(): Session | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  cached = undefined;
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Session;
    if (parsed.systemConfig && parsed.accessToken) cached = parsed;
    else sessionStorage.removeItem(KEY);
  } catch {
    sessionStorage.removeItem(KEY);
  }
  return cached;
}

const notify = () => listeners.forEach((l) => l());

export const getSession = (): Session | undefined => read();

/** Told of every sign-in and sign-out in this tab (outside React: the offline layer starts on sign-in). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(session: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
  notify();
}

/** Replace the user info (session check answer) while keeping the token. */
export function updateSession(info: Partial<Session>): void {
  const current = read();
  if (current) setSession({ ...current, ...info });
}

const recheckListeners = new Set<() => void>();

/**
 * Ask for the member's privileges to be read again. The server applies a role change on the member's next call
 * (console-admin §6): a 403 may mean the role changed under a running session, and the menu must follow.
 */
export function requestSessionRecheck(): void {
  recheckListeners.forEach((l) => l());
}

export function onSessionRecheck(listener: () => void): () => void {
  recheckListeners.add(listener);
  return () => recheckListeners.delete(listener);
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
  notify();
}

export function useSession(): Session | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => undefined,
  );
}

/** Read privilege of a section: roles -1 and 0 have all; write implies read (console-admin §4). */
// spec: core §6.2 — read and write flags per section
export function canRead(session: Session | undefined, section: PrivilegeSection): boolean {
  if (!session) return false;
  if (session.role_id === -1 || session.role_id === 0) return true;
  const entry = session.privilege.find((p) => p.key === section);
  return Boolean(entry && (entry.read || entry.write));
}

export function canWrite(session: Session | undefined, section: PrivilegeSection): boolean {
  if (!session) return false;
  if (session.role_id === -1 || session.role_id === 0) return true;
  return Boolean(session.privilege.find((p) => p.key === section)?.write);
}

/** The company column shows only for members of more than one company (console-core §6). */
// spec: core §6.3 — company columns only with more than one company
export const hasSeveralCompanies = (session: Session | undefined) => Object.keys(session?.companyInfo ?? {}).length > 1;
