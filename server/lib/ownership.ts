import type { Access } from '../../contract/endpoints/define';
import { forbidden } from './errors';
import { canAccessStore, isSuperAdmin, type SessionUser } from './privileges';

/**
 * Who owns what (docs/architecture.md §3): every row belongs to a store (and so to its company), to a company, or to the
 * system. This module is the one answer to "may this member touch this thing"; routes and the auth hook ask it
 * rather than comparing company codes themselves.
 *
 * - system (servers, system settings, software packages, a predefined gateway row of no store): anyone with the
 *   section privilege may read it; only role -1 may change it — it is shared by every company.
 * - company: role -1, or a member of that company.
 * - store: role -1; role 0 and whole-store members of the store's company; others only their assigned stores.
 */
export type Owner =
  { kind: 'system' } | { kind: 'company'; companyCode: string } | { kind: 'store'; storeCode: string; companyCode: string };

export const SYSTEM: Owner = { kind: 'system' };
export const storeOwner = (storeCode: string, companyCode: string): Owner => ({ kind: 'store', storeCode, companyCode });

export const SYSTEM_OWNED_MESSAGE = 'Only the super administrator may change what every company shares.';

export function mayTouch(user: SessionUser, owner: Owner, need: 'read' | 'write'): boolean {
  switch (owner.kind) {
    case 'system':
      return need === 'read' || isSuperAdmin(user);
    case 'company':
      return isSuperAdmin(user) || user.companies.includes(owner.companyCode);
    case 'store':
      return canAccessStore(user, owner.storeCode, owner.companyCode);
  }
}

/** Refuse (403) unless the member may touch the thing; `what` names it in the message ("gateway AA…"). */
export function assertMayTouch(user: SessionUser, owner: Owner, need: 'read' | 'write', what: string): void {
  if (mayTouch(user, owner, need)) return;
  throw forbidden(owner.kind === 'system' && need === 'write' ? SYSTEM_OWNED_MESSAGE : `Permission denied for ${what}.`);
}

/** The endpoint-level rule of `access.owner` (contract/endpoints/define.ts), applied by the auth hook to every call. */
export function assertEndpointOwner(user: SessionUser, access: Access): void {
  if (typeof access !== 'object' || access.owner !== 'system') return;
  assertMayTouch(user, SYSTEM, access.need, 'this system setting');
}
