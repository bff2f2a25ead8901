import { describe, expect, it } from 'vitest';
import { canRead, canWrite, hasSeveralCompanies, type Session } from '../../src/platform/session';
import { treeOf } from '../../src/features/roles/privilege-tree';

/* console-core §6: permissions are keyed by section, each with a read and a write flag. */

/** The sections of console-core §6, in its words ("layout designer" and the configs written as keys). */
const SPEC_SECTIONS = [
  'dashboard',
  'server',
  'store',
  'tag',
  'sensor',
  'product',
  'paper',
  'task',
  'alias',
  'alarm',
  'member',
  'role',
  'layout_designer',
  'plus',
  'setting',
  'server_config',
  'store_config',
  'company_config',
  'layout_config',
];

const member = (privilege: Session['privilege'], roleId = 5, companies: Record<string, string> = { ACME: 'Acme' }) =>
  ({ accessToken: 't', email: 'm@shelfpad.test', role_id: roleId, privilege, companyInfo: companies }) as unknown as Session;

describe('permissions by section', () => {
  // spec: core §6.2 — every section of the list, each with read and write flags
  it('lets a role be edited on exactly the spec sections, each with its own read and write', () => {
    const tree = treeOf(5, [
      { key: 'tag', read: true, write: false },
      { key: 'product', read: true, write: true },
    ]);
    expect(tree.map((p) => p.key).sort()).toEqual([...SPEC_SECTIONS].sort());
    expect(tree.find((p) => p.key === 'tag')).toMatchObject({ read: true, write: false });
    expect(tree.find((p) => p.key === 'product')).toMatchObject({ read: true, write: true });
    expect(tree.find((p) => p.key === 'server')).toMatchObject({ read: false, write: false });
  });

  // spec: core §6.2 — a member reads and writes a section by its own flags
  it("reads a member's rights per section from its read and write flags", () => {
    const operator = member([
      { key: 'tag', read: true, write: false },
      { key: 'store', read: true, write: true },
    ]);
    expect([canRead(operator, 'tag'), canWrite(operator, 'tag')]).toEqual([true, false]);
    expect([canRead(operator, 'store'), canWrite(operator, 'store')]).toEqual([true, true]);
    expect([canRead(operator, 'server'), canWrite(operator, 'server')]).toEqual([false, false]);
  });

  // spec: core §6.3 — the company columns show only for a member of more than one company
  it('shows the company column only to a member of more than one company', () => {
    expect(hasSeveralCompanies(member([], 5, { ACME: 'Acme' }))).toBe(false);
    expect(hasSeveralCompanies(member([], 5, { ACME: 'Acme', NORD: 'Nordmarkt' }))).toBe(true);
  });
});
