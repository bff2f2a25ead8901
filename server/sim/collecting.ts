import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { collectingItems, stores, tags } from '../db/schema/index';
import type { CollectingItem } from '../../contract/schemas/collecting';
import { PUSH_COLLECTING } from '../push/hub';
import type { SimModule, TickContext } from './context';
import { unitHash } from './rng';
import { rowsOf } from '../lib/rows';
import { collectingRunsIn, listedCollecting, runningCollectingItems } from '../repos/collecting';

/** Most idle stores a check is picked among in one tick. */
const MAX_RUNNING = 500;
/** Command of a status check the simulator starts on its own (a scheduled All Tag Status Collect). */
const AUTO_CMD = 'TAG_STATUS_CHECK';

/**
 * Running tag status checks and OTA jobs (the header's collecting list): created by the routes, or now and then
 * by the simulator for a store with enableTagStatusCheck. Each tick moves done towards total over a per-item
 * duration; stopped items are left alone. The whole list is pushed (type 1) whenever its membership changes.
 */
export function collectingModule(): SimModule {
  let published = '';
  return {
    name: 'collecting',
    async tick(ctx) {
      if (ctx.rng.happens(ctx.dt, ctx.settings.collectingStartEveryMs)) await startCheck(ctx);
      const list = await progress(ctx);
      const signature = list.map((i) => i.detail._id).join(',');
      if (signature !== published) {
        published = signature;
        ctx.deps.push.publish({ type: PUSH_COLLECTING, data: list });
      }
    },
  };
}

async function startCheck(ctx: TickContext) {
  const { db } = ctx.deps;
  const idle = await db
    .select({ storeCode: stores.storeCode, companyCode: stores.companyCode })
    .from(stores)
    .where(
      and(
        eq(stores.enableTagStatusCheck, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(collectingItems)
            .where(collectingRunsIn(stores.storeCode)),
        ),
      ),
    )
    .orderBy(asc(stores.storeCode))
    .limit(MAX_RUNNING);
  const store = ctx.rng.pick(idle);
  if (!store) return;
  const [{ n }] = await db.select({ n: count() }).from(tags).where(eq(tags.storeCode, store.storeCode));
  await db.insert(collectingItems).values({
    storeCode: store.storeCode,
    companyCode: store.companyCode,
    kind: 'statusCheck',
    cmd: AUTO_CMD,
    total: n,
    startedAt: ctx.now,
  });
}

/** Advances every running item; answers the items still running afterwards. */
async function progress(ctx: TickContext): Promise<CollectingItem[]> {
  const { db } = ctx.deps;
  const s = ctx.settings;
  const items = await runningCollectingItems(db);
  if (!items.length) return [];

  // An OTA item moves with its OTA task (sim/ota.ts), never on a duration of its own.
  const steps = items
    .filter((item) => item.kind !== 'ota')
    .map((item) => {
      const duration = s.collectingMinMs + unitHash(ctx.seed, 'collecting', item.id) * (s.collectingMaxMs - s.collectingMinMs);
      const step = Math.max(1, Math.ceil((Math.max(0, item.total) * ctx.dt) / Math.max(1, duration)));
      const done = Math.min(Math.max(0, item.total), item.done + step);
      return { id: item.id, done, finished: done >= item.total };
    });
  if (!steps.length) return items.map(listedCollecting);
  const values = sql.join(
    steps.map((x) => sql`(${x.id}::int, ${x.done}::int, ${x.finished}::boolean)`),
    sql`, `,
  );
  // The running guard keeps an item stopped since it was read as it is.
  const finished = await db.execute(sql`
    update ${collectingItems} set done = v.done,
      finished_at = case when v.finished then ${ctx.now.toISOString()}::timestamptz else null end
    from (values ${values}) as v(id, done, finished)
    where ${collectingItems.id} = v.id and ${collectingItems.finishedAt} is null and ${collectingItems.stoppedAt} is null
    returning ${collectingItems.id} as id, v.finished as finished`);
  const gone = new Set(
    rowsOf<{ id: number; finished: boolean }>(finished)
      .filter((r) => r.finished)
      .map((r) => Number(r.id)),
  );

  return items.filter((item) => !gone.has(item.id)).map(listedCollecting);
}
