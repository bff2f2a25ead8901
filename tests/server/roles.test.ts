import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members, roles } from '../../server/db/schema/index';
import { hashPassword } from '../../server/lib/password';
import { login, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Roles (console-admin §3 Role, §4, §6, §7): the setting parent rule, granting, validation, a change on the next call. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator' | 'viewer', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator', 'viewer']));
});
afterAll(async () => sut?.close());

type Role = { role_id: number; name: string; privilege: { key: string; depth: number; read: boolean; write: boolean }[] };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const listOf = async (headers: AuthHeaders) => (await call('GET', '/role/list', headers)).json() as Role[];
const named = async (name: string, headers = as.admin) => (await listOf(headers)).find((r) => r.name === name);
const flags = (role: Role | undefined, key: string) => role?.privilege.find((p) => p.key === key);

describe('role list', () => {
  // spec: admin §7.26 — role list
  it("shows -1 only to role -1, a company its own roles, never another company's", async () => {
    expect((await listOf(as.admin)).map((r) => r.role_id)).toEqual(expect.arrayContaining([-1, 0]));
    const acme = await listOf(as.acme);
    expect(acme.map((r) => r.role_id)).not.toContain(-1);
    expect(acme.map((r) => r.name)).toContain('Store operator');
    expect((await listOf(as.nord)).map((r) => r.name)).not.toContain('Store operator');
    expect((await call('GET', '/role/list', as.operator)).statusCode).toBe(403);
  });
});

describe('role create and update', () => {
  // spec: admin §3.24, admin §6.2 — role privilege list of {key, depth, read, write}; setting read with a child
  it('stores every key in the tree with the setting parent readable when a child is', async () => {
    const res = await call('POST', '/role/create', as.acme, {
      name: ' Config reader ',
      privilege: [
        { key: 'store_config', depth: 1, read: true, write: false },
        { key: 'tag', depth: 0, read: true, write: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const role = await named('Config reader', as.acme);
    expect(role?.privilege).toHaveLength(19);
    expect(flags(role, 'setting')).toMatchObject({ read: true, write: false, depth: 0 });
    expect(flags(role, 'store_config')).toMatchObject({ read: true, depth: 1 });
    expect(flags(role, 'tag')).toMatchObject({ read: true, write: true });
    expect(flags(role, 'member')).toMatchObject({ read: false, write: false });
    const [row] = await sut.deps.db.select().from(roles).where(eq(roles.roleId, role!.role_id));
    expect(row.companyCode).toBe('ACME');
    expect(await named('Config reader', as.nord)).toBeUndefined();
  });

  // spec: admin §5.13 — role name required
  it('refuses a blank name, write without read, a duplicate or unknown key with 400 and stores nothing', async () => {
    const before = (await listOf(as.admin)).length;
    const cases = [
      { name: '  ', privilege: [] },
      { name: 'Bad', privilege: [{ key: 'tag', depth: 0, read: false, write: true }] },
      {
        name: 'Bad',
        privilege: [
          { key: 'tag', depth: 0, read: true, write: false },
          { key: 'tag', depth: 0, read: true, write: false },
        ],
      },
      { name: 'Bad', privilege: [{ key: 'nope', depth: 0, read: true, write: false }] },
    ];
    for (const body of cases) {
      const res = await call('POST', '/role/create', as.acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await call('POST', '/role/create', as.acme, cases[0])).json().message).toBe('Please enter Role Name.');
    expect((await listOf(as.admin)).length).toBe(before);
  });

  it("refuses the built-in roles and another company's role", async () => {
    expect((await call('POST', '/role/update', as.acme, { role_id: 0, name: 'x', privilege: [] })).statusCode).toBe(400);
    expect((await call('DELETE', '/role/0', as.admin)).statusCode).toBe(400);
    const operatorRole = (await named('Store operator'))!;
    expect((await call('POST', '/role/update', as.nord, { role_id: operatorRole.role_id, name: 'Taken', privilege: [] })).statusCode).toBe(
      404,
    );
    expect((await named('Store operator'))?.role_id).toBe(operatorRole.role_id);
  });

  // spec: admin §6.6 — the creator's own privileges are the available set (server side)
  it('never lets a member grant what it does not have', async () => {
    // A member-and-role manager with tag read only (and member/role write) in ACME.
    await call('POST', '/role/create', as.acme, {
      name: 'People manager',
      privilege: [
        { key: 'member', depth: 0, read: true, write: true },
        { key: 'role', depth: 0, read: true, write: true },
        { key: 'tag', depth: 0, read: true, write: false },
      ],
    });
    const manager = (await named('People manager', as.acme))!;
    await sut.deps.db.insert(members).values({
      email: 'people@acme.test',
      name: 'People',
      passwordHash: await hashPassword('People#2026x'),
      roleId: manager.role_id,
      companies: ['ACME'],
      enableWholeStore: true,
    });
    const people = await login(sut.app, 'people@acme.test', 'People#2026x');
    const tagWrite = await call('POST', '/role/create', people, {
      name: 'Tag writer',
      privilege: [{ key: 'tag', depth: 0, read: true, write: true }],
    });
    expect(tagWrite.statusCode).toBe(403);
    expect(tagWrite.json().message).toContain('tag write');
    expect(
      (await call('POST', '/role/create', people, { name: 'Tag reader', privilege: [{ key: 'tag', depth: 0, read: true, write: false }] }))
        .statusCode,
    ).toBe(200);
    // Nor hand out a stronger role to a member, or edit the admins.
    const storeOperator = (await named('Store operator'))!;
    const body = {
      email: 'upgrade@acme.test',
      name: 'Up',
      password: 'Upgrade#2026x',
      role_id: storeOperator.role_id,
      company: ['ACME'],
      store: [],
      enableWholeStore: false,
    };
    expect((await call('POST', '/member', people, body)).statusCode).toBe(403);
    expect((await call('POST', '/member', people, { ...body, role_id: 0 })).statusCode).toBe(403);
    expect((await call('POST', '/member/acme-admin@shelfpad.test/unlock', people)).statusCode).toBe(403);
  });
});

describe("a role change applies on the member's next call", () => {
  // spec: admin §7.26 — update role ({name, role_id, privilege})
  it('grants and withdraws tag write without a new login', async () => {
    await call('POST', '/role/create', as.acme, { name: 'Shelf reader', privilege: [{ key: 'tag', depth: 0, read: true, write: false }] });
    const role = (await named('Shelf reader', as.acme))!;
    await sut.deps.db.insert(members).values({
      email: 'shelf@acme.test',
      name: 'Shelf',
      passwordHash: await hashPassword('Shelf#2026xy'),
      roleId: role.role_id,
      companies: ['ACME'],
      stores: ['TKY001'],
    });
    const shelf = await login(sut.app, 'shelf@acme.test', 'Shelf#2026xy');
    const write = () => call('POST', '/role/create', shelf, { name: 'never', privilege: [] });
    const roleRead = () => call('GET', '/role/list', shelf);
    expect((await roleRead()).statusCode).toBe(403);
    expect((await write()).statusCode).toBe(403);

    const update = (privilege: object[]) =>
      call('POST', '/role/update', as.acme, { role_id: role.role_id, name: 'Shelf reader', privilege });
    expect(
      (
        await update([
          { key: 'tag', depth: 0, read: true, write: false },
          { key: 'role', depth: 0, read: true, write: false },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await roleRead()).statusCode).toBe(200);
    expect((await update([{ key: 'tag', depth: 0, read: true, write: false }])).statusCode).toBe(200);
    expect((await roleRead()).statusCode).toBe(403);
  });

  // spec: admin §7.26 — delete role
  it('deletes an unused role and refuses one in use with 409', async () => {
    const inUse = (await named('Shelf reader', as.acme))!;
    const res = await call('DELETE', `/role/${inUse.role_id}`, as.acme);
    expect(res.statusCode).toBe(409);
    const unused = (await named('Config reader', as.acme))!;
    expect((await call('DELETE', `/role/${unused.role_id}`, as.acme)).statusCode).toBe(200);
    expect(await named('Config reader', as.acme)).toBeUndefined();
  });
});
