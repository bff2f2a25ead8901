import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { gateways, otaTasks, tags } from '../../server/db/schema/index';
import { seedStoreTags } from '../../server/seed/index';
import { startSimulator } from '../../server/sim/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { firmwareFile, gatewaysOf, otaForm, startFields } from './ota-helpers';

/*
 * A figure, not a timed test: an OTA of a 2,000-tag store with the spec's default parameters (console-admin §9),
 * run by the simulator in manual time. Prints simulated minutes and real seconds; asserts only that every tag
 * ended with a result and the job finished.
 */
const STORE = 'TKY001';
const TAGS = 2_000;
let sut: TestServer;
let as: Record<'acme', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['acme']));
  sut.deps.config.dataDir = await mkdtemp(join(tmpdir(), 'shelfpad-ota-scale-'));
  const [{ n }] = await sut.deps.db.select({ n: count() }).from(tags).where(eq(tags.storeCode, STORE));
  await seedStoreTags(sut.deps.db, { storeCode: STORE, companyCode: 'ACME', count: TAGS - n, seed: 11 });
});
afterAll(async () => sut.close());

it('OTA of a 2,000-tag store with the default parameters', { timeout: 300_000 }, async () => {
  const db = sut.deps.db;
  const [{ n }] = await db.select({ n: count() }).from(tags).where(eq(tags.storeCode, STORE));
  expect(n).toBe(TAGS);
  const [{ gws }] = await db
    .select({ gws: sql<number>`count(*)::int` })
    .from(gateways)
    .where(eq(gateways.storeCode, STORE));
  const chosen = await gatewaysOf(db, STORE, gws);
  const form = otaForm(startFields(chosen), { name: 'tag-fw-0500.bin', content: firmwareFile() });
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/ota/store/${STORE}/start`,
    headers: { ...as.acme, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId, totalTags } = res.json().data as { taskId: string; totalTags: number };

  const sim = startSimulator(sut.deps, {
    seed: 5,
    speed: 1,
    manual: true,
    modules: ['ota'],
    onError: (_w, e) => {
      throw e;
    },
  });
  const started = performance.now();
  let simulatedMs = 0;
  const STEP = 10_000;
  for (;;) {
    await sim.advance(STEP);
    simulatedMs += STEP;
    const [task] = await db
      .select({ endTime: otaTasks.endTime, updated: otaTasks.updatedTags })
      .from(otaTasks)
      .where(eq(otaTasks.id, Number(taskId)));
    if (task.endTime) break;
    expect(simulatedMs).toBeLessThan(6 * 60 * 60_000);
  }
  const realSeconds = (performance.now() - started) / 1000;
  sim.stop();
  const [{ updated }] = await db
    .select({ updated: sql<number>`count(*)::int` })
    .from(tags)
    .where(sql`${tags.storeCode} = ${STORE} and ${tags.version} = ${0x0500}`);
  console.log(
    `[ota scale] ${totalTags} tags on ${chosen.length} gateways: ${(simulatedMs / 60_000).toFixed(1)} simulated minutes, ${realSeconds.toFixed(1)} real seconds (manual time; 10 s steps), ${updated} tags now at 0x0500`,
  );
  expect(totalTags).toBe(TAGS);
  expect(updated).toBeGreaterThan(TAGS * 0.99);
});
