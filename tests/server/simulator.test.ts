import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import {
  collectingItems,
  gatewayAlarmHistory,
  gateways,
  idempotencyKeys,
  plusDevices,
  serverHealth,
  servers,
  stores,
  systemAlarms,
  tagAlarmHistory,
  tagBatteryHistory,
  tags,
  taskItems,
  updateTasks,
} from '../../server/db/schema/index';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import type { AppDeps } from '../../server/deps';
import { PUSH_COLLECTING, PUSH_TAG_STATUS, PushHub, type PushMessage } from '../../server/push/hub';
import { seedIfEmpty } from '../../server/seed/index';
import { SIM_DEFAULTS, startSimulator, type SimOptions, type Simulator } from '../../server/sim/index';
import { temporaryDataDir } from './harness';

const STORE = 'TKY001';

interface World {
  database: Database;
  /** The camera pictures the simulated Plus devices take go here, not to ./data. */
  removeDataDir: () => Promise<void>;
  deps: AppDeps;
  messages: PushMessage[];
  errors: unknown[];
}

async function world(): Promise<World> {
  const database = await openDatabase();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  const { dataDir, remove } = temporaryDataDir();
  const deps: AppDeps = { db: database.db, config: { ...loadConfig({}), dataDir }, push: new PushHub() };
  const messages: PushMessage[] = [];
  deps.push.subscribe((m) => messages.push(m));
  return { database, removeDataDir: remove, deps, messages, errors: [] };
}

function sim(w: World, opts: Partial<SimOptions> = {}): Simulator {
  return startSimulator(w.deps, { seed: 1, speed: 1, manual: true, onError: (_where, e) => w.errors.push(e), ...opts });
}

/** Idle, assigned tags of the store, first by address. */
async function okTags(w: World, n: number, storeCode = STORE): Promise<string[]> {
  const rows = await w.deps.db
    .select({ tagMac: tags.tagMac })
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), eq(tags.status, 'OK'), eq(tags.operation, 1)))
    .orderBy(asc(tags.tagMac))
    .limit(n);
  return rows.map((r) => r.tagMac);
}

async function setWip(w: World, macs: string[], at: Date) {
  await w.deps.db.update(tags).set({ status: 'WIP', updatedAt: at, respondedAt: null }).where(inArray(tags.tagMac, macs));
}

const statusOf = async (w: World, mac: string) => (await w.deps.db.select().from(tags).where(eq(tags.tagMac, mac)))[0];

let sut: World;
beforeAll(async () => {
  sut = await world();
});
afterAll(async () => {
  await sut?.database.close();
  await sut?.removeDataDir();
});

describe('tags', () => {
  it('answers a WIP tag with OK after its delay and pushes the change once per store', async () => {
    const [mac] = await okTags(sut, 1);
    const s = sim(sut, { failureRate: 0 });
    const requestedAt = s.now();
    await setWip(sut, [mac], requestedAt);
    sut.messages.length = 0;

    await s.advance(SIM_DEFAULTS.tagResponseMinMs - 1_000);
    expect((await statusOf(sut, mac)).status).toBe('WIP'); // no tag answers within 5 s

    const started = performance.now();
    await s.advance(60_000);
    const perTick = (performance.now() - started) / 60;
    s.stop();
    console.info(`simulator: ${perTick.toFixed(1)} ms per tick on the test-scale database`);

    const tag = await statusOf(sut, mac);
    expect(tag.status).toBe('OK');
    expect(tag.respondedAt!.getTime()).toBeGreaterThanOrEqual(requestedAt.getTime() + SIM_DEFAULTS.tagResponseMinMs);
    expect(tag.respondedAt!.getTime()).toBeLessThanOrEqual(requestedAt.getTime() + SIM_DEFAULTS.tagResponseMaxMs + 1_000);
    const pushes = sut.messages.filter((m) => m.type === PUSH_TAG_STATUS);
    const naming = pushes.filter((m) => (m.data as { tagMac: string }[]).some((d) => d.tagMac === mac));
    expect(naming).toHaveLength(1);
    expect(naming[0].storeCode).toBe(STORE);
    expect(naming[0].data).toContainEqual({
      storeCode: STORE,
      tagMac: mac,
      barcode: mac,
      status: 'OK',
      updatedAt: tag.respondedAt!.toISOString(),
    });
    expect(sut.errors).toEqual([]);
  });

  it('answers NG with failureRate 1 and closes the open update row', async () => {
    const [, mac] = await okTags(sut, 2, 'LON001');
    const s = sim(sut, { failureRate: 1 });
    await setWip(sut, [mac], s.now());
    await sut.deps.db
      .insert(updateTasks)
      .values({ taskId: 'SIM-TEST-1', companyCode: 'NORD', storeCode: 'LON001', totalTags: 1, startTime: s.now() });
    await sut.deps.db
      .insert(taskItems)
      .values({ companyCode: 'NORD', storeCode: 'LON001', taskId: 'SIM-TEST-1', tagMac: mac, barcode: mac, createdAt: s.now() });

    await s.advance(60_000);
    s.stop();

    expect((await statusOf(sut, mac)).status).toBe('NG');
    const [item] = await sut.deps.db
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.taskId, 'SIM-TEST-1'), eq(taskItems.tagMac, mac)));
    expect(item.status).toBe('NG');
    expect(item.updatedAt).not.toBeNull();
    const [task] = await sut.deps.db.select().from(updateTasks).where(eq(updateTasks.taskId, 'SIM-TEST-1'));
    expect(task).toMatchObject({ updatedTags: 1, endTime: item.updatedAt });
    expect(sut.errors).toEqual([]);
  });

  it('leaves no WIP or UPDATE tag behind after a minute', async () => {
    const s = sim(sut, { failureRate: 0.05 });
    await s.advance(60_000);
    s.stop();
    const [{ n }] = await sut.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(inArray(tags.status, ['WIP', 'UPDATE']));
    expect(n).toBe(0);
  });
});

describe('batteries', () => {
  it('drains a few tags per round; a battery below the limit turns NG with a history row and alarms', async () => {
    const before = await sut.deps.db.select({ tagMac: tags.tagMac, battery: tags.battery, battStatus: tags.battStatus }).from(tags);
    const from = new Date();
    // Every drained tag falls below a limit of 101 %.
    const s = sim(sut, { batteryDrainPerSecond: 2, lowBatteryPercent: 101 });
    await s.advance(1_000);
    s.stop();
    const after = new Map(
      (await sut.deps.db.select({ tagMac: tags.tagMac, battery: tags.battery, battStatus: tags.battStatus }).from(tags)).map((t) => [
        t.tagMac,
        t,
      ]),
    );
    const drained = before.filter((t) => after.get(t.tagMac)!.battery !== t.battery);
    expect(drained).toHaveLength((SIM_DEFAULTS.batteryEveryMs / 1000) * 2); // the first round covers batteryEveryMs
    for (const t of drained) expect(after.get(t.tagMac)).toMatchObject({ battery: t.battery! - 1, battStatus: 'NG' });
    const turned = drained.filter((t) => t.battStatus !== 'NG').map((t) => t.tagMac);
    expect(turned.length).toBeGreaterThan(0);
    const history = await sut.deps.db.select().from(tagBatteryHistory).where(gt(tagBatteryHistory.updatedAt, from));
    expect(history.map((h) => h.tagMac)).toEqual(expect.arrayContaining(turned));
    const alarms = await sut.deps.db
      .select()
      .from(tagAlarmHistory)
      .where(and(gt(tagAlarmHistory.alarmTime, from), eq(tagAlarmHistory.alarmType, 'LOW_BATTERY')));
    expect(alarms.map((a) => a.tagMac).sort()).toEqual([...turned].sort());
    const system = await sut.deps.db
      .select()
      .from(systemAlarms)
      .where(and(gt(systemAlarms.updatedAt, from), eq(systemAlarms.type, SYSTEM_ALARM_TYPES.LOW_BATTERY_LIST_CHANGED.code)));
    expect(system.length).toBeGreaterThan(0);
    expect(sut.errors).toEqual([]);
  });
});

describe('collecting items', () => {
  it('progresses a running item to finished, leaves a stopped one alone and pushes the list', async () => {
    const s = sim(sut, { collectingMinMs: 20_000, collectingMaxMs: 40_000, collectingStartEveryMs: Infinity });
    const [running] = await sut.deps.db
      .insert(collectingItems)
      .values({ storeCode: STORE, companyCode: 'ACME', kind: 'statusCheck', cmd: 'TAG_STATUS_CHECK', total: 100, startedAt: s.now() })
      .returning();
    const [stopped] = await sut.deps.db
      .insert(collectingItems)
      .values({
        storeCode: STORE,
        companyCode: 'ACME',
        kind: 'ota',
        cmd: 'OTA',
        otaType: '1',
        total: 100,
        startedAt: s.now(),
        stoppedAt: s.now(),
      })
      .returning();
    sut.messages.length = 0;

    await s.advance(2_000);
    const [midway] = await sut.deps.db.select().from(collectingItems).where(eq(collectingItems.id, running.id));
    expect(midway.done).toBeGreaterThan(0);
    expect(midway.done).toBeLessThan(100);
    expect(midway.finishedAt).toBeNull();

    await s.advance(60_000);
    s.stop();
    const [finished] = await sut.deps.db.select().from(collectingItems).where(eq(collectingItems.id, running.id));
    expect(finished.done).toBe(100);
    expect(finished.finishedAt).not.toBeNull();
    const [untouched] = await sut.deps.db.select().from(collectingItems).where(eq(collectingItems.id, stopped.id));
    expect(untouched).toMatchObject({ done: 0, finishedAt: null });

    const lists = sut.messages
      .filter((m) => m.type === PUSH_COLLECTING)
      .map((m) => m.data as { storeCode: string; storeName: string; detail: { _id: string } }[]);
    expect(lists[0]).toContainEqual({
      storeCode: STORE,
      storeName: 'Acme Shibuya',
      detail: { cmd: 'TAG_STATUS_CHECK', companyCode: 'ACME', _id: String(running.id) },
    });
    expect(lists.at(-1)!.some((i) => i.detail._id === String(running.id) || i.detail._id === String(stopped.id))).toBe(false);
    expect(sut.errors).toEqual([]);
  });
});

describe('gateways, servers, signage and housekeeping', () => {
  it('fails gateways and recovers only its own faults; stores follow their gateways', async () => {
    const seededDown = await sut.deps.db
      .select({ gwMac: gateways.gwMac })
      .from(gateways)
      .where(sql`${gateways.status} <> 'NORMAL'`);
    const before = new Date();
    const s1 = sim(sut, { gatewayFaultEveryMs: 3_000, gatewayMinDownMs: 5_000, gatewayMeanDownMs: 5_000 });
    await s1.advance(30_000);
    s1.stop();
    const alarms = await sut.deps.db.select().from(gatewayAlarmHistory).where(gt(gatewayAlarmHistory.updatedAt, before));
    expect(alarms.length).toBeGreaterThan(0);
    const system = await sut.deps.db.select().from(systemAlarms).where(gt(systemAlarms.updatedAt, before));
    expect(system.length).toBeGreaterThan(0);

    // No new faults: every simulated fault recovers, the demo data's ones stay.
    const s2 = sim(sut, { gatewayFaultEveryMs: Infinity, gatewayMinDownMs: 5_000, gatewayMeanDownMs: 5_000 });
    await s2.advance(3 * 60_000);
    s2.stop();
    const down = await sut.deps.db
      .select({ gwMac: gateways.gwMac })
      .from(gateways)
      .where(sql`${gateways.status} <> 'NORMAL'`);
    expect(down.map((g) => g.gwMac).sort()).toEqual(seededDown.map((g) => g.gwMac).sort());
    const [berlin] = await sut.deps.db.select().from(stores).where(eq(stores.storeCode, 'BER001'));
    expect(berlin.status).toBe('OFFLINE');
    const [tokyo] = await sut.deps.db.select().from(stores).where(eq(stores.storeCode, STORE));
    expect(tokyo.status).toBe('NORMAL');
    expect(sut.errors).toEqual([]);
  });

  it('refreshes servers and online signage, samples health and purges old idempotency keys', async () => {
    await sut.deps.db.insert(idempotencyKeys).values({
      key: 'sim-test-old-key',
      memberEmail: 'admin@shelfpad.test',
      method: 'POST',
      path: '/api/tag/assign',
      fingerprint: '',
      status: 200,
      createdAt: new Date(Date.now() - 8 * 86_400_000),
    });
    const [{ samples }] = await sut.deps.db.select({ samples: sql<number>`count(*)::int` }).from(serverHealth);
    const s = sim(sut);
    await s.advance(2_000);
    s.stop();
    const now = s.now().getTime();
    for (const server of await sut.deps.db.select().from(servers)) expect(server.reportTime!.getTime()).toBeGreaterThan(now - 10_000);
    const [{ after }] = await sut.deps.db.select({ after: sql<number>`count(*)::int` }).from(serverHealth);
    expect(after).toBeGreaterThan(samples);
    const online = await sut.deps.db.select().from(plusDevices).where(eq(plusDevices.status, 'ONLINE'));
    expect(online.length).toBeGreaterThan(0);
    for (const d of online) expect(d.recvTime!.getTime()).toBeGreaterThan(now - 10_000);
    expect(await sut.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'sim-test-old-key'))).toEqual([]);
    expect(sut.errors).toEqual([]);
  });

  it('logs a failing tick and carries on', async () => {
    const errors: unknown[] = [];
    const broken = {
      ...sut.deps,
      db: new Proxy(sut.deps.db, {
        get: () => () => {
          throw new Error('database gone');
        },
      }),
    };
    const s = startSimulator(broken, { seed: 1, speed: 1, manual: true, onError: (_w, e) => errors.push(e) });
    await expect(s.advance(3_000)).resolves.toBeUndefined();
    s.stop();
    expect(errors.length).toBeGreaterThan(0);
    expect(s.now().getTime()).toBeGreaterThan(Date.now() + 2_000);
  });

  it('runs on a real timer at the given speed', async () => {
    const errors: unknown[] = [];
    const s = startSimulator(sut.deps, { seed: 1, speed: 100, onError: (_w, e) => errors.push(e) });
    const start = s.now().getTime();
    await new Promise((r) => setTimeout(r, 300));
    s.stop();
    // 300 ms at ×100 is about 30 simulated seconds.
    expect(s.now().getTime() - start).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
  });
});

describe('determinism', () => {
  it('gives the same tag statuses for the same seed on identically seeded databases', async () => {
    const worlds = [await world(), await world()];
    try {
      const results: unknown[] = [];
      for (const w of worlds) {
        const macs = [...(await okTags(w, 15, STORE)), ...(await okTags(w, 15, 'LON001'))];
        const s = sim(w, { seed: 1, failureRate: 0.5 });
        await setWip(w, macs, s.now());
        await s.advance(60_000);
        s.stop();
        expect(w.errors).toEqual([]);
        const rows = await w.deps.db
          .select({ tagMac: tags.tagMac, status: tags.status, battery: tags.battery, battStatus: tags.battStatus })
          .from(tags)
          .orderBy(asc(tags.tagMac));
        const open = await w.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(taskItems)
          .where(isNull(taskItems.status));
        results.push({ rows, open });
        // Both outcomes occur at a failure rate of one half, so the comparison below means something.
        const mine = rows.filter((r) => macs.includes(r.tagMac));
        expect(new Set(mine.map((r) => r.status))).toEqual(new Set(['OK', 'NG']));
      }
      expect(results[1]).toEqual(results[0]);
    } finally {
      await Promise.all(
        worlds.map(async (w) => {
          await w.database.close();
          await w.removeDataDir();
        }),
      );
    }
  });
});
