import { describe, expect, it } from 'vitest';
import { availableTo, toggle, treeOf, TREE_ORDER } from '../../src/features/roles/privilege-tree';
import { memberBody } from '../../src/features/members/member-form';
import type { Session } from '../../src/platform/session';

const flags = (tree: ReturnType<typeof treeOf>, key: string) => tree.find((p) => p.key === key);

describe('role editor tree (console-admin §4, §6)', () => {
  it("lists every key once, setting's children right after it one level down", () => {
    expect(new Set(TREE_ORDER).size).toBe(TREE_ORDER.length);
    const at = TREE_ORDER.indexOf('setting');
    expect(TREE_ORDER.slice(at + 1, at + 5)).toEqual(['company_config', 'store_config', 'alias', 'layout_config']);
    expect(flags(treeOf(5, []), 'alias')?.depth).toBe(1);
  });

  // spec: admin §4.13 — roles -1 and 0 get every permission ticked
  it('ticks everything for roles -1 and 0', () => {
    for (const id of [-1, 0]) expect(treeOf(id, []).every((p) => p.read && p.write)).toBe(true);
  });

  // spec: admin §4.13 — write cleared with read; setting read while a child is
  it('clears write with read, ticks read with write, and keeps setting read while a child is', () => {
    let tree = toggle(treeOf(5, []), 'tag', 'write', true);
    expect(flags(tree, 'tag')).toMatchObject({ read: true, write: true });
    tree = toggle(tree, 'tag', 'read', false);
    expect(flags(tree, 'tag')).toMatchObject({ read: false, write: false });
    tree = toggle(tree, 'alias', 'read', true);
    expect(flags(tree, 'setting')?.read).toBe(true);
    tree = toggle(tree, 'setting', 'read', false);
    expect(flags(tree, 'setting')?.read).toBe(true);
  });

  // spec: admin §6.6 — the role editor half: the creator's own privileges are the available set
  it('offers the creator only its own privileges', () => {
    const session = { role_id: 7, privilege: [{ key: 'tag', depth: 0, read: true, write: false }] } as unknown as Session;
    const available = availableTo(session);
    expect(available.tag).toEqual({ read: true, write: false });
    expect(available.member).toEqual({ read: false, write: false });
  });
});

describe('member form body', () => {
  const choices = {
    companies: [],
    roles: [],
    stores: [
      { storeCode: 'A1', storeName: 'A', companyCode: 'ACME' },
      { storeCode: 'N1', storeName: 'N', companyCode: 'NORD' },
    ],
  };
  const values = {
    email: 'x@y',
    name: ' X ',
    mobile: '',
    password: '',
    passwordConfirm: '',
    company: 'ACME',
    role_id: '5',
    enableWholeStore: '',
    store: 'A1,N1',
  };

  it('sends only stores of the chosen companies and no password when none was typed', () => {
    expect(memberBody(values, choices)).toEqual({ name: 'X', role_id: 5, company: ['ACME'], store: ['A1'], enableWholeStore: false });
  });

  it('sends no stores with Enable Whole Store', () => {
    expect(memberBody({ ...values, enableWholeStore: 'true' }, choices).store).toEqual([]);
  });
});
