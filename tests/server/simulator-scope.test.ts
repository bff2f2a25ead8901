import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { gatewayAlarmHistory, gateways, tags } from '../../server/db/schema/index';
import type { AppDeps } from '../../server/deps';
import { PUSH_TAG_STATUS, PushHub, type PushMessage } from '../../server/push/hub';
import { seedIfEmpty } from '../../server/seed/index';
import { startSimulator } from '../../server/sim/index';
import { temporaryDataDir } from './harness';

/*
 * A simulator narrowed by SIM_MODULES and SIM_TAG_STORES (the e2e server runs only the tag radio's answers, for one
 * store that no other browser spec uses): the chosen store's tags answer, nothing else in the world moves.
 */
let database: Database;
let deps: AppDeps;
const pushed: PushMessage[] = [];
const data = temporaryDataDir();

beforeAll(async () => {
  database = await openDatabase();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  deps = { db: database.db, config: { ...loadConfig({}), dataDir: data.dataDir }, push: new PushHub() };
  deps.push.subscribe((m) => pushed.push(m));
});
afterAll(async () => {
  await database?.close();
  await data.remove();
});

async function okTag(storeCode: string): Promise<string> {
  const [row] = await deps.db
    .select({ tagMac: tags.tagMac })
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), eq(tags.status, 'OK'), eq(tags.operation, 1)))
    .orderBy(asc(tags.tagMac))
    .limit(1);
  return row.tagMac;
}

const snapshot = async () =>
  deps.db
    .select({ tagMac: tags.tagMac, status: tags.status, battery: tags.battery })
    .from(tags)
    .where(ne(tags.storeCode, 'LON001'))
    .orderBy(asc(tags.tagMac));

describe('a narrowed simulator', () => {
  it('reads SIM_MODULES and SIM_TAG_STORES as comma lists', () => {
    expect(loadConfig({ SIM_MODULES: ' tags, batteries ', SIM_TAG_STORES: 'LON001,' })).toMatchObject({
      simModules: ['tags', 'batteries'],
      simTagStores: ['LON001'],
    });
    expect(loadConfig({})).toMatchObject({ simModules: undefined, simTagStores: undefined });
  });

  it('refuses a module it does not know', () => {
    expect(() => startSimulator(deps, { seed: 1, speed: 1, manual: true, modules: ['tags', 'radio'] })).toThrow(
      'Unknown simulator module radio',
    );
  });

  it('answers only the tags of its stores and moves nothing else', async () => {
    const [inside, outside] = [await okTag('LON001'), await okTag('TKY001')];
    const errors: unknown[] = [];
    const sim = startSimulator(deps, {
      seed: 1,
      speed: 1,
      manual: true,
      failureRate: 0,
      modules: ['tags'],
      tagStores: ['LON001'],
      onError: (_w, e) => errors.push(e),
    });
    const from = sim.now();
    await deps.db
      .update(tags)
      .set({ status: 'WIP', updatedAt: from, respondedAt: null })
      .where(inArray(tags.tagMac, [inside, outside]));
    const before = await snapshot();
    const gatewaysBefore = await deps.db
      .select({ gwMac: gateways.gwMac, status: gateways.status })
      .from(gateways)
      .orderBy(asc(gateways.gwMac));
    const gatewayAlarmsBefore = await deps.db.select({ n: count() }).from(gatewayAlarmHistory);
    pushed.length = 0;

    // Two simulated hours: every part of the world would have moved by then (faults, battery rounds, checks).
    await sim.advance(2 * 60 * 60_000);
    sim.stop();
    expect(errors).toEqual([]);

    const status = async (mac: string) => (await deps.db.select({ status: tags.status }).from(tags).where(eq(tags.tagMac, mac)))[0].status;
    expect(await status(inside)).toBe('OK');
    expect(await status(outside)).toBe('WIP');
    expect(await snapshot()).toEqual(before);
    expect(await deps.db.select({ gwMac: gateways.gwMac, status: gateways.status }).from(gateways).orderBy(asc(gateways.gwMac))).toEqual(
      gatewaysBefore,
    );
    expect(await deps.db.select({ n: count() }).from(gatewayAlarmHistory)).toEqual(gatewayAlarmsBefore);
    // Only tag status changes of the store went out: no collecting list, no other store.
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.every((m) => m.type === PUSH_TAG_STATUS && m.storeCode === 'LON001')).toBe(true);
  });
});
