import { PRIVILEGE_SECTIONS, type PrivilegeSection } from '../../contract/endpoints/define';
import { SETTING_CHILD_SECTIONS } from '../../contract/schemas/constants-admin';
import type { Privilege } from '../db/schema/index';
import { badRequest, forbidden } from './errors';
import { can, isPrivileged, type PrivilegeEntry, type SessionUser } from './privileges';

/*
 * The rules of granting (console-admin §4, §6): nobody gives away a privilege it does not hold itself, a role is
 * stored in the tree's shape (every key once, setting's children one level down), and the parent "setting" is
 * readable exactly when one of its children is.
 */

const CHILDREN: readonly string[] = SETTING_CHILD_SECTIONS;
export const depthOf = (key: string) => (CHILDREN.includes(key) ? 1 : 0);

/** A role's privilege list from the editor's entries: every key, write only with read, the setting parent rule. */
export function normalisePrivileges(entries: readonly PrivilegeEntry[]): Privilege[] {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.key)) throw badRequest(`The privilege ${e.key} is given twice.`, 'DUPLICATE_PRIVILEGE');
    seen.add(e.key);
    if (e.write && !e.read) throw badRequest(`The privilege ${e.key} cannot be written without being read.`, 'WRITE_WITHOUT_READ');
  }
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const childRead = SETTING_CHILD_SECTIONS.some((k) => byKey.get(k)?.read);
  return PRIVILEGE_SECTIONS.map((key) => {
    const e = byKey.get(key);
    const read = key === 'setting' ? childRead || Boolean(e?.read) : Boolean(e?.read);
    return { key, depth: depthOf(key), read, write: read && Boolean(e?.write) };
  });
}

/** The privileges of `wanted` that `user` does not hold itself ("tag write"), empty when it may grant them all. */
export function ungrantable(user: SessionUser, wanted: readonly PrivilegeEntry[]): string[] {
  if (isPrivileged(user)) return [];
  const missing: string[] = [];
  for (const p of wanted) {
    const section = p.key as PrivilegeSection;
    if (p.read && !can(user, section, 'read')) missing.push(`${p.key} read`);
    if (p.write && !can(user, section, 'write')) missing.push(`${p.key} write`);
  }
  return missing;
}

export function assertMayGrant(user: SessionUser, wanted: readonly PrivilegeEntry[]): void {
  const missing = ungrantable(user, wanted);
  if (missing.length) throw forbidden(`You cannot grant privileges you do not have: ${missing.join(', ')}.`);
}
