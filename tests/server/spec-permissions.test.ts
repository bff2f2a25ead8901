import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeHistory, products, roles, v1Devices } from '../../server/db/schema/index';
import { login, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * Issue 33.12: the permissions of the spec's role tables, decided by the server.
 * - console-admin §6: "sensor.write allows sensor edit" (the store config's sensor edit), not store_config.write.
 * - plus-signage §6: "With read: ... on v1 device rows the assign, settings and delete buttons".
 * - console-admin §5: "A user id containing @ is treated as an email".
 */
const STORE = 'TKY001';
const PASSWORD = 'Shelfpad#2026-perm';
let sut: TestServer;
let as: Record<'acme', AuthHeaders>;
const member: Record<string, AuthHeaders> = {};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });

/** A role of ACME with exactly these privileges, and a member of TKY001 in it, signed in. */
async function memberWith(name: string, privilege: { key: string; read: boolean; write: boolean }[]): Promise<AuthHeaders> {
  const made = await call('POST', '/role/create', as.acme, { name, privilege: privilege.map((p) => ({ ...p, depth: 0 })) });
  expect(made.statusCode, made.body).toBe(200);
  const [role] = await sut.deps.db.select().from(roles).where(eq(roles.name, name));
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@shelfpad.test`;
  const created = await call('POST', '/member', as.acme, {
    email,
    name,
    password: PASSWORD,
    role_id: role.roleId,
    company: ['ACME'],
    store: [STORE],
    enableWholeStore: false,
  });
  expect(created.statusCode, created.body).toBe(200);
  return login(sut.app, email, PASSWORD);
}

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['acme']));
  member.sensorWriter = await memberWith('Sensor writer', [
    { key: 'store_config', read: true, write: false },
    { key: 'sensor', read: true, write: true },
  ]);
  member.storeWriter = await memberWith('Store config writer', [
    { key: 'store_config', read: true, write: true },
    { key: 'sensor', read: true, write: false },
  ]);
  member.plusReader = await memberWith('Plus reader', [{ key: 'plus', read: true, write: false }]);
});
afterAll(async () => sut?.close());

describe('sensor edit on the store config is sensor.write', () => {
  it('lets a member with sensor write (and no store config write) save the store’s sensor config, and stores it', async () => {
    const saved = await call('POST', `/config/sensor/store/${STORE}`, member.sensorWriter, { TOF: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', `/config/sensor/store/${STORE}`, member.sensorWriter)).json()).toMatchObject({ TOF: 3 });
  });

  it('refuses a member with store config write but no sensor write (403), changing nothing', async () => {
    const refused = await call('POST', `/config/sensor/store/${STORE}`, member.storeWriter, { TOF: 9 });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/config/sensor/store/${STORE}`, member.sensorWriter)).json()).toMatchObject({ TOF: 3 });
  });
});

describe('v1 master with plus read', () => {
  it('assigns products to a v1 device and removes one, and the history records both', async () => {
    const [device] = await sut.deps.db.select().from(v1Devices).where(eq(v1Devices.storeCode, STORE)).limit(1);
    const [product] = await sut.deps.db.select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, STORE)).limit(1);
    const assigned = await call('POST', '/plus/v1/device/assign', member.plusReader, { mac: device.mac, product: [product.prCode] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await sut.deps.db.select().from(v1Devices).where(eq(v1Devices.mac, device.mac)))[0].product).toEqual([product.prCode]);

    const mac = '02:5b:ee:ee:01:01';
    await sut.deps.db.insert(v1Devices).values({ mac, storeCode: STORE, model: 'IP231A' });
    const removed = await call('POST', '/plus/v1/device/remove', member.plusReader, { macList: [mac] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await sut.deps.db.select().from(v1Devices).where(eq(v1Devices.mac, mac))).toEqual([]);

    const recorded = await sut.deps.db.select().from(changeHistory).where(eq(changeHistory.email, 'plus-reader@shelfpad.test'));
    expect(recorded.map((r) => r.path).sort()).toEqual(['/plus/v1/device/assign', '/plus/v1/device/remove']);
  });

  it('still refuses reboot and device config save without plus write (403)', async () => {
    const [device] = await sut.deps.db.select().from(v1Devices).where(eq(v1Devices.storeCode, STORE)).limit(1);
    expect((await call('POST', '/plus/v1/device/reboot', member.plusReader, { macList: [device.mac] })).statusCode).toBe(403);
    expect((await call('POST', '/plus/v1/device/config', member.plusReader, { mac: device.mac, config: { name: 'x' } })).statusCode).toBe(
      403,
    );
  });
});

describe('a user id containing @ is an e-mail', () => {
  const create = (email: string) =>
    call('POST', '/member', as.acme, {
      email,
      name: 'Id check',
      password: PASSWORD,
      role_id: 0,
      company: ['ACME'],
      store: [],
      enableWholeStore: true,
    });

  it('refuses an id with @ that is no e-mail address (400) and creates nothing', async () => {
    for (const email of ['ops@', '@shelfpad.test', 'ops@shelfpad', 'a@b@shelfpad.test']) {
      const res = await create(email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message).toBe('Enter a valid e-mail address.');
      expect((await call('GET', `/member/${encodeURIComponent(email)}`, as.acme)).statusCode, email).toBe(404);
    }
  });

  it('accepts a well-formed address and a plain id without @', async () => {
    expect((await create('Store.Ops@Shelfpad.test')).statusCode).toBe(200);
    expect((await call('GET', '/member/store.ops@shelfpad.test', as.acme)).json().email).toBe('store.ops@shelfpad.test');
    expect((await create('acme-ops')).statusCode).toBe(200);
  });
});
