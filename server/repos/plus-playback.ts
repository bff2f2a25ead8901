import type { Db } from '../db/client';
import type { PlusShow } from '../db/schema/plus';
import { playingSlide } from '../lib/plus-show/playback';
import type { ScheduleRule } from '../lib/schedule-rule';
import { scheduleRules } from './plus-schedules';

/**
 * The slide a device shows at `now` (lib/plus-show/playback.ts): its shows from the time they reached it, the
 * store's schedules read in the device's time zone, the pinned index first. null when nothing plays.
 */
export async function deviceSlide(
  db: Db,
  device: { storeCode: string; showIdx: number | null; tz: string | null },
  shows: { show: PlusShow[]; updatedAt: Date } | undefined,
  now: Date,
  rulesOf: (storeCode: string) => Promise<Map<string, ScheduleRule>> = (storeCode) => scheduleRules(db, storeCode),
): Promise<number | null> {
  const list = shows?.show ?? [];
  if (!list.length) return null;
  const usesSchedules = list.some((s) => s.schedule?.length);
  return playingSlide({
    shows: list,
    pinned: device.showIdx,
    schedules: usesSchedules ? await rulesOf(device.storeCode) : new Map(),
    tz: device.tz,
    origin: shows?.updatedAt ?? now,
    now,
  });
}
