import type { PrivilegeSection } from '../../contract/endpoints/define';

export interface PrivilegeEntry {
  key: string;
  depth?: number;
  read: boolean;
  write: boolean;
}

/** The signed-in member as every handler sees it. */
export interface SessionUser {
  email: string;
  name: string;
  roleId: number;
  companies: string[];
  /** Explicitly assigned stores (roles other than -1/0 without enableWholeStore). */
  stores: string[];
  enableWholeStore: boolean;
  privilege: PrivilegeEntry[];
  tokenHash: string;
}

export const isSuperAdmin = (user: Pick<SessionUser, 'roleId'>) => user.roleId === -1;
/** Roles -1 and 0 are "privileged" in console-admin §6 (task refresh, store migration). */
export const isPrivileged = (user: Pick<SessionUser, 'roleId'>) => user.roleId === -1 || user.roleId === 0;

/** Role -1 has everything; role 0 everything within its companies (NOTES.md 11); write implies read. */
export function can(user: SessionUser, section: PrivilegeSection, need: 'read' | 'write'): boolean {
  if (isPrivileged(user)) return true;
  const entry = user.privilege.find((p) => p.key === section);
  if (!entry) return false;
  return need === 'read' ? entry.read || entry.write : entry.write;
}

/** May this member act on a store of that company? */
export function canAccessStore(user: SessionUser, storeCode: string, companyCode: string): boolean {
  if (isSuperAdmin(user)) return true;
  if (!user.companies.includes(companyCode)) return false;
  if (user.roleId === 0 || user.enableWholeStore) return true;
  return user.stores.includes(storeCode);
}
