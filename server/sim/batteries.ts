import { and, asc, eq, gt, gte, inArray, max, min, sql } from 'drizzle-orm';
import { tagBatteryHistory, tags } from '../db/schema/index';
import { raiseSystemAlarms, raiseTagAlarms, type SystemAlarmInput } from './alarms';
import { groupBy, type SimModule, type TickContext } from './context';

/** Cap of battery drains per round, however long since the last. */
const MAX_DRAINS_PER_ROUND = 100;

/**
 * Tag batteries drain in rounds; a battery below the limit turns NG and raises alarms. Apart from the tags module
 * (which answers assigns) so that a simulator can run the tag radio's answers alone (SIM_MODULES=tags).
 */
export function batteriesModule(): SimModule {
  let macRange: { lo: string; hi: string } | undefined;

  async function refreshRange(ctx: TickContext) {
    const [range] = await ctx.deps.db
      .select({ lo: min(tags.tagMac), hi: max(tags.tagMac) })
      .from(tags)
      .where(ctx.tagStores ? inArray(tags.storeCode, [...ctx.tagStores]) : undefined);
    macRange = range?.lo && range.hi && /^[0-9A-F]+$/.test(range.lo + range.hi) ? { lo: range.lo, hi: range.hi } : undefined;
  }

  return {
    name: 'batteries',
    async tick(ctx) {
      if (ctx.due('batteries.cache', ctx.settings.cacheEveryMs)) await refreshRange(ctx);
      const since = ctx.elapsed('batteries.round', ctx.settings.batteryEveryMs);
      if (since && macRange) await drainBatteries(ctx, macRange, since);
    },
  };
}

/** A few tags lose a percent; a history row at every tenth percent and when the battery turns NG. */
async function drainBatteries(ctx: TickContext, range: { lo: string; hi: string }, since: number) {
  const { db } = ctx.deps;
  const s = ctx.settings;
  const expected = (s.batteryDrainPerSecond * since) / 1000;
  const count = Math.min(MAX_DRAINS_PER_ROUND, Math.floor(expected) + (ctx.rng.chance(expected % 1) ? 1 : 0));
  if (count <= 0) return;
  // A random point in the address range and the next few tags after it: one primary-key range read.
  const start = ctx.rng.hexBetween(range.lo, range.hi);
  const picked = db
    .select({ tagMac: tags.tagMac, battStatus: tags.battStatus, companyCode: tags.companyCode })
    .from(tags)
    .where(and(gte(tags.tagMac, start), gt(tags.battery, 0), ctx.tagStores ? inArray(tags.storeCode, [...ctx.tagStores]) : undefined))
    .orderBy(asc(tags.tagMac))
    .limit(count)
    .as('picked');
  const low = s.lowBatteryPercent;
  const drained = await db
    .update(tags)
    .set({
      battery: sql`${tags.battery} - 1`,
      battStatus: sql`case when ${tags.battery} - 1 < ${low} then 'NG' else ${tags.battStatus} end`,
    })
    .from(picked)
    .where(eq(tags.tagMac, picked.tagMac))
    .returning({
      tagMac: tags.tagMac,
      storeCode: tags.storeCode,
      battery: tags.battery,
      battStatus: tags.battStatus,
      was: picked.battStatus,
      companyCode: picked.companyCode,
    });
  const turnedNg = drained.filter((d) => d.battStatus === 'NG' && d.was !== 'NG');
  const history = drained.filter((d) => d.battery != null && (d.battery % 10 === 0 || turnedNg.includes(d)));
  if (history.length) {
    await db
      .insert(tagBatteryHistory)
      .values(history.map((d) => ({ storeCode: d.storeCode, tagMac: d.tagMac, battery: d.battery ?? 0, updatedAt: ctx.now })));
  }
  if (!turnedNg.length) return;
  await raiseTagAlarms(
    db,
    turnedNg.map((d) => ({ storeCode: d.storeCode, tagMac: d.tagMac, alarmType: 'LOW_BATTERY' })),
    ctx.now,
  );
  const alarms: SystemAlarmInput[] = [...groupBy(turnedNg, (d) => d.storeCode)].map(([storeCode, list]) => ({
    type: 'LOW_BATTERY_LIST_CHANGED',
    location: storeCode,
    companyCode: list[0].companyCode,
    data: { tagMacs: list.map((d) => d.tagMac) },
  }));
  await raiseSystemAlarms(db, alarms, ctx.now);
}
