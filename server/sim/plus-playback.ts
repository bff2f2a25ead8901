import { and, eq, inArray } from 'drizzle-orm';
import { plusDevices, plusDeviceShows } from '../db/schema/index';
import { nowOf } from '../lib/clock';
import { deviceSlide } from '../repos/plus-playback';
import { scheduleRules } from '../repos/plus-schedules';
import type { TickContext } from './context';

/** How often the playing devices are looked at: slides last at least a second. */
const PLAY_CHECK_MS = 1_000;

/**
 * Online devices play their shows (repos/plus-playback.ts decides the slide at each moment, on the same clock as
 * the screen image). When a device's slide changes, its screen capture is new: screenUpdatedAt moves, so a
 * console watching the capture's time fetches the new image. `last` holds each device's slide between ticks.
 */
export async function playShows(ctx: TickContext, last: Map<string, number | null>): Promise<void> {
  if (!ctx.due('plus.play', PLAY_CHECK_MS)) return;
  const { db } = ctx.deps;
  const now = nowOf(ctx.deps);
  const rows = await db
    .select({
      mac: plusDevices.mac,
      storeCode: plusDevices.storeCode,
      showIdx: plusDevices.showIdx,
      tz: plusDevices.tz,
      show: plusDeviceShows.show,
      updatedAt: plusDeviceShows.updatedAt,
    })
    .from(plusDevices)
    .innerJoin(plusDeviceShows, eq(plusDeviceShows.mac, plusDevices.mac))
    .where(eq(plusDevices.status, 'ONLINE'));
  // One read of a store's schedules per round, however many of its devices use them.
  const rules = new Map<string, ReturnType<typeof scheduleRules>>();
  const rulesOf = (storeCode: string) => rules.get(storeCode) ?? rules.set(storeCode, scheduleRules(db, storeCode)).get(storeCode)!;
  const changed: string[] = [];
  for (const row of rows) {
    const slide = await deviceSlide(db, row, row, now, rulesOf);
    if (last.get(row.mac) !== slide) changed.push(row.mac);
    last.set(row.mac, slide);
  }
  if (changed.length)
    await db
      .update(plusDevices)
      .set({ screenUpdatedAt: now })
      .where(and(eq(plusDevices.status, 'ONLINE'), inArray(plusDevices.mac, changed)));
}
