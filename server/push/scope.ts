import { canAccessStore, isSuperAdmin, type SessionUser } from '../lib/privileges';
import type { PushMessage } from './hub';

/** The company of a store, or undefined for a store that does not exist (any more). */
export type CompanyOf = (storeCode: string) => string | undefined;

/** The store codes a message concerns: its own, and those of the items of a list message (type 1's jobs). */
export function storesOf(message: PushMessage): string[] {
  const codes = new Set<string>();
  if (message.storeCode) codes.add(message.storeCode);
  if (Array.isArray(message.data)) {
    for (const item of message.data) {
      const code = (item as { storeCode?: unknown } | null)?.storeCode;
      if (typeof code === 'string') codes.add(code);
    }
  }
  return [...codes];
}

/**
 * What of a message a member may receive, or undefined for nothing. Every message is scoped:
 * - a message about one store (`storeCode`, type 2) goes whole to a member who may see that store, else not at all;
 * - a list of store items (type 1, the collecting jobs) keeps the member's stores' items — an empty list too, since
 *   it tells the header that its jobs ended;
 * - anything that names no store belongs to no company, and goes to the super administrator only.
 */
export function scopeFor(user: SessionUser, message: PushMessage, companyOf: CompanyOf): unknown {
  const sees = (code: string) => {
    const company = companyOf(code);
    return company !== undefined && canAccessStore(user, code, company);
  };
  if (message.storeCode) return sees(message.storeCode) ? message.data : undefined;
  if (
    Array.isArray(message.data) &&
    message.data.every((item) => typeof (item as { storeCode?: unknown } | null)?.storeCode === 'string')
  ) {
    return message.data.filter((item) => sees((item as { storeCode: string }).storeCode));
  }
  return isSuperAdmin(user) ? message.data : undefined;
}
