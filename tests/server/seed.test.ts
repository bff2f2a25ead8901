import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import {
  companies,
  gatewayHealth,
  gateways,
  members,
  plusDevices,
  products,
  roles,
  sensors,
  serverHealth,
  servers,
  stores,
  tags,
} from '../../server/db/schema/index';
import type { Db } from '../../server/db/client';
import { DEMO_LOGINS, seedIfEmpty, seedStoreTags } from '../../server/seed/index';

const SEED = 7;
let first: Database;
let second: Database;

async function tagRows(db: Db) {
  return db.select({ tagMac: tags.tagMac, status: tags.status, prCode: tags.prCode }).from(tags).orderBy(asc(tags.tagMac));
}

async function total(db: Db, table: Parameters<ReturnType<Db['select']>['from']>[0]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n;
}

beforeAll(async () => {
  [first, second] = await Promise.all([openDatabase(), openDatabase()]);
  expect(await seedIfEmpty(first.db, { seed: SEED, scale: 'test' })).toBe(true);
  expect(await seedIfEmpty(second.db, { seed: SEED, scale: 'test' })).toBe(true);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('seedIfEmpty', () => {
  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(first.db, { seed: SEED, scale: 'test' })).toBe(false);
    expect(await total(first.db, companies)).toBe(3);
  });

  it('creates companies, stores, servers and gateways of every status', async () => {
    const db = first.db;
    expect(await total(db, companies)).toBeGreaterThanOrEqual(2);
    const storeRows = await db.select({ status: stores.status, lat: stores.latitude }).from(stores);
    expect(storeRows.length).toBe(6);
    expect(new Set(storeRows.map((s) => s.status))).toEqual(new Set(['NORMAL', 'ALARM', 'OFFLINE']));
    expect(storeRows.every((s) => s.lat !== null)).toBe(true);
    const serverRows = await db.select({ type: servers.type, state: servers.state }).from(servers);
    expect(serverRows.map((s) => s.type).sort()).toEqual(['database', 'esl', 'proxy']);
    expect(await total(db, serverHealth)).toBe(3 * 144);
    const gw = await db.select().from(gateways);
    expect(gw.length).toBeGreaterThanOrEqual(12);
    expect(gw.every((g) => /^[0-9A-F]{12}$/.test(g.gwMac) && /^\d+\.\d+\.\d+\.\d+:8080$/.test(g.ip ?? ''))).toBe(true);
    expect(new Set(gw.map((g) => g.status))).toEqual(new Set(['NORMAL', 'ALARM', 'OFFLINE']));
    expect(gw.some((g) => g.status === 'NORMAL' && g.timeSync === 0)).toBe(true);
    expect(gw.reduce((s, g) => s + g.tagCount, 0)).toBe(await total(db, tags));
    expect(await total(db, gatewayHealth)).toBeGreaterThan(gw.length * 100);
  });

  it('creates tags with every status, the exception cases, and products for them', async () => {
    const db = first.db;
    const rows = await db.select().from(tags);
    expect(rows.length).toBe(600);
    const statuses = new Set(rows.map((t) => t.status));
    for (const s of ['OK', 'NG', 'WIP', 'UPDATE', 'MISSING', 'REQ_ONLY', 'REQ_ONLY2', 'DEASSIGN']) expect(statuses).toContain(s);
    expect(rows.every((t) => /^[0-9A-F]{12}$/.test(t.tagMac) && t.barcode === t.tagMac)).toBe(true);
    const noProduct = rows.filter((t) => t.prCode === null);
    expect(noProduct.length).toBeGreaterThan(0);
    expect(noProduct.every((t) => t.operation === 0)).toBe(true);
    expect(rows.filter((t) => t.prCode).every((t) => t.operation === 1)).toBe(true);
    expect(rows.filter((t) => t.battStatus === 'NG').length).toBeGreaterThan(0);
    expect(rows.some((t) => t.tagType && !/^[BA32DC54][1-5]$/.test(t.tagType))).toBe(true);
    const dup = await db
      .select({ storeCode: tags.storeCode, prCode: tags.prCode })
      .from(tags)
      .where(isNotNull(tags.prCode))
      .groupBy(tags.storeCode, tags.prCode)
      .having(sql`count(*) between 2 and 3`);
    expect(dup.length).toBeGreaterThan(0);
    // Every assigned product exists in its store, with a valid EAN-13 check digit.
    expect(await orphanTags(db)).toBe(0);
    const codes = await db.select({ prCode: products.prCode, prInfo: products.prInfo }).from(products);
    expect(codes.every((p) => isEan13(p.prCode) && p.prInfo.length >= 5 && p.prInfo[0].length > 0)).toBe(true);
  });

  it('creates members of roles -1, 0 and others, with the auth-outcome accounts', async () => {
    const db = first.db;
    const rows = await db.select().from(members);
    const byRole = (id: number) => rows.filter((m) => m.roleId === id).length;
    expect(byRole(-1)).toBeGreaterThanOrEqual(1);
    expect(byRole(0)).toBeGreaterThanOrEqual(2);
    expect(rows.filter((m) => m.roleId > 0).length).toBeGreaterThanOrEqual(2);
    expect(rows.map((m) => m.email).sort()).toEqual(DEMO_LOGINS.map((l) => l.email).sort());
    const [operator] = rows.filter((m) => m.email === 'operator@shelfpad.test');
    expect(operator.stores).toEqual(['TKY001', 'TKY002']);
    const [role] = await db.select().from(roles).where(eq(roles.roleId, operator.roleId));
    expect(role.privilege.find((p) => p.key === 'tag')).toMatchObject({ read: true, write: true });
    expect(role.privilege.find((p) => p.key === 'member')).toMatchObject({ read: false, write: false });
    const locked = rows.find((m) => m.email === 'locked@shelfpad.test')!;
    expect(locked.locked && locked.lockedUntil!.getTime() > Date.now()).toBe(true);
    expect(rows.find((m) => m.email === 'weak@shelfpad.test')!.weakPwd).toBe(true);
    expect(rows.find((m) => m.email === 'newhire@shelfpad.test')!.forceChange).toBe(true);
  });

  it('creates sensors of every type and Plus devices', async () => {
    const db = first.db;
    const types = await db.selectDistinct({ t: sensors.sensorType }).from(sensors);
    expect(types.map((t) => t.t).sort()).toEqual(['HAT', 'LOADCELL', 'PEOPLECOUNT', 'TOF', 'TVOC']);
    const devices = await db.select({ mac: plusDevices.mac, status: plusDevices.status }).from(plusDevices);
    expect(devices.length).toBeGreaterThan(0);
    expect(devices.every((d) => /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(d.mac))).toBe(true);
    expect(new Set(devices.map((d) => d.status))).toEqual(new Set(['ONLINE', 'OFFLINE']));
  });

  it('makes the same tags from the same seed', async () => {
    const [a, b] = await Promise.all([tagRows(first.db), tagRows(second.db)]);
    expect(a.length).toBe(600);
    expect(b).toEqual(a);
  });
});

describe('seedStoreTags', () => {
  it('adds tags and their products to one store, continuing its MAC numbers', async () => {
    const db = second.db;
    const before = await total(db, tags);
    await seedStoreTags(db, { storeCode: 'LON001', companyCode: 'NORD', count: 2_000, seed: SEED });
    await seedStoreTags(db, { storeCode: 'LON001', companyCode: 'NORD', count: 500, seed: SEED });
    expect(await total(db, tags)).toBe(before + 2_500);
    expect(await orphanTags(db)).toBe(0);
    const [lon] = await db.select({ n: count() }).from(tags).where(eq(tags.storeCode, 'LON001'));
    expect(lon.n).toBe(2_600);
  });
});

/** Tags whose product code has no product row in their store. */
async function orphanTags(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tags)
    .leftJoin(products, and(eq(products.storeCode, tags.storeCode), eq(products.prCode, tags.prCode)))
    .where(and(isNotNull(tags.prCode), isNull(products.prCode)));
  return row.n;
}

function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}
