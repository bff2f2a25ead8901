import { useSyncExternalStore } from 'react';
import { hasSeveralCompanies, useSession, type Session } from './session';

/*
 * The global company selection (console-core §2 "A global company selection filters the store lists"): one
 * company code that narrows every store list, or none for all of them. It is kept in sessionStorage, so it lasts
 * for the browser session like the session itself; whatever is stored is checked against the signed-in member's
 * companies, so a later login in the same tab never inherits a company that is not theirs.
 */
const KEY = 'shelfpad.company';

const listeners = new Set<() => void>();
const read = () => sessionStorage.getItem(KEY) ?? '';

export function setCompanySelection(companyCode: string | undefined): void {
  if (companyCode) sessionStorage.setItem(KEY, companyCode);
  else sessionStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

/**
 * The company that applies: only for members of several companies (for the others their one company is the
 * whole list already) and only one of their own.
 */
export function effectiveCompany(session: Pick<Session, 'companyInfo'> | undefined, stored: string): string | undefined {
  if (!stored || !hasSeveralCompanies(session as Session | undefined)) return undefined;
  return Object.hasOwn(session?.companyInfo ?? {}, stored) ? stored : undefined;
}

/** The member's companies, code and name, by name: the choices of the selection. */
export function companyChoices(session: Pick<Session, 'companyInfo'> | undefined): { code: string; name: string }[] {
  return Object.entries(session?.companyInfo ?? {})
    .map(([code, name]) => ({ code, name: name || code }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
}

/** The selected company code, or undefined for all companies; store lists send it as global_companyCode. */
export function useCompanySelection(): string | undefined {
  const session = useSession();
  const stored = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => '',
  );
  return effectiveCompany(session, stored);
}
