import type { V1TimelineSchedule } from '../../db/schema/index';
import { localClock, scheduleCovers } from '../schedule-rule';

/*
 * What a v1 device plays at a moment (plus-signage §3 Timeline, Set): the first schedule entry of its timeline that
 * is on (lib/schedule-rule.ts, the rule Plus schedules follow too), then within that set the item whose turn it
 * is — the set's items play one after the other, each for its duration, round and round from midnight. Pure, so
 * that the simulator and its tests agree.
 */

export interface PlaybackSet {
  id: number;
  list: { id: number | 'price'; duration: number }[];
}

/** The set item on screen: a show id, 'price', or undefined when no schedule is on. */
export function nowPlaying(
  schedule: V1TimelineSchedule[],
  sets: Map<number, PlaybackSet>,
  now: Date,
  timeZone: string | undefined,
): { set: number; item: number | 'price' } | undefined {
  const clock = localClock(now, timeZone);
  for (const entry of schedule) {
    const set = sets.get(Number(entry.id));
    if (!set || !set.list.length || !scheduleCovers(entry, clock)) continue;
    const total = set.list.reduce((n, i) => n + i.duration, 0);
    let at = clock.seconds % total;
    for (const item of set.list) {
      if (at < item.duration) return { set: set.id, item: item.id };
      at -= item.duration;
    }
  }
  return undefined;
}
