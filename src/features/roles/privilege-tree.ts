import { PRIVILEGE_SECTIONS, type PrivilegeSection } from '../../../contract/endpoints/define';
import { SETTING_CHILD_SECTIONS } from '../../../contract/schemas/constants-admin';
import { canRead, canWrite, type Session } from '../../platform/session';

/*
 * The role editor's tree (console-admin §4, §6): every privilege key once, setting's children one level down.
 * Write is cleared when read is; write ticks read; the parent setting is read while a child is; roles -1 and 0
 * have everything; a creator offers only what it holds itself.
 */

export interface PrivilegeFlags {
  key: PrivilegeSection;
  depth: number;
  read: boolean;
  write: boolean;
}

const CHILDREN: readonly string[] = SETTING_CHILD_SECTIONS;
const depthOf = (key: string) => (CHILDREN.includes(key) ? 1 : 0);

/** The keys in tree order: each top-level key, and right after 'setting' its children. */
export const TREE_ORDER: readonly PrivilegeSection[] = PRIVILEGE_SECTIONS.filter((k) => !CHILDREN.includes(k)).flatMap((k) =>
  k === 'setting' ? [k, ...SETTING_CHILD_SECTIONS] : [k],
);

export const isBuiltInRole = (roleId: number | undefined) => roleId === -1 || roleId === 0;

/** A role's flags in tree order; roles -1 and 0 all ticked whatever their rows say. */
// spec: admin §4.13 — roles -1 and 0 ticked whole
export function treeOf(roleId: number | undefined, privilege: readonly { key: string; read: boolean; write: boolean }[]): PrivilegeFlags[] {
  return TREE_ORDER.map((key) => {
    const p = privilege.find((e) => e.key === key);
    const all = isBuiltInRole(roleId);
    return { key, depth: depthOf(key), read: all || Boolean(p?.read), write: all || Boolean(p?.write) };
  });
}

/** What the signed-in creator may tick: its own privileges. */
// spec: admin §6.6 — the creator's own privileges are the available set
export function availableTo(session: Session | undefined): Record<PrivilegeSection, { read: boolean; write: boolean }> {
  return Object.fromEntries(TREE_ORDER.map((key) => [key, { read: canRead(session, key), write: canWrite(session, key) }])) as Record<
    PrivilegeSection,
    { read: boolean; write: boolean }
  >;
}

/** The setting parent rule: readable while any child is. */
export const settingForced = (tree: readonly PrivilegeFlags[]) => tree.some((p) => CHILDREN.includes(p.key) && p.read);

/** Tick or untick one flag, keeping the rules: write needs read, and the parent setting follows its children. */
// spec: admin §4.13 — write cleared with read; setting read while a child is
export function toggle(tree: readonly PrivilegeFlags[], key: PrivilegeSection, flag: 'read' | 'write', on: boolean): PrivilegeFlags[] {
  const next = tree.map((p) => {
    if (p.key !== key) return p;
    if (flag === 'read') return { ...p, read: on, write: on && p.write };
    return { ...p, write: on, read: on || p.read };
  });
  const forced = settingForced(next);
  return next.map((p) => (p.key === 'setting' && forced ? { ...p, read: true } : p));
}
