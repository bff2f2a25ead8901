import type { V1TimelineSchedule } from '../../db/schema/index';

/*
 * What a v1 device plays at a moment (plus-signage §3 Timeline, Set): the first schedule entry of its timeline that
 * is on (period, day and time range, each when given, in the device's time zone), then within that set the item
 * whose turn it is — the set's items play one after the other, each for its duration, round and round from
 * midnight. Pure, so that the simulator and its tests agree.
 */

export interface PlaybackSet { id: number; list: { id: number | 'price'; duration: number }[] }

/** The device's local date (yyyy-mm-dd), week day (0 = Sunday) and seconds since midnight. */
export function localClock(now: Date, timeZone: string | undefined): { date: string; day: number; seconds: number } {
  let zone = timeZone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, day, seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second) };
}

const secondsOf = (hhmm: string) => {
  const [h, m, s] = hhmm.split(':').map(Number);
  return h * 3600 + m * 60 + (s || 0);
};

export function scheduleIsOn(entry: V1TimelineSchedule, clock: ReturnType<typeof localClock>): boolean {
  if (entry.period && (clock.date < entry.period.start || clock.date > entry.period.end)) return false;
  if (entry.days?.length && !entry.days.map(Number).includes(clock.day)) return false;
  if (entry.time?.length && !entry.time.some((r) => clock.seconds >= secondsOf(r.start) && clock.seconds < secondsOf(r.end))) return false;
  return true;
}

/** The set item on screen: a show id, 'price', or undefined when no schedule is on. */
export function nowPlaying(schedule: V1TimelineSchedule[], sets: Map<number, PlaybackSet>, now: Date, timeZone: string | undefined): { set: number; item: number | 'price' } | undefined {
  const clock = localClock(now, timeZone);
  for (const entry of schedule) {
    const set = sets.get(Number(entry.id));
    if (!set || !set.list.length || !scheduleIsOn(entry, clock)) continue;
    const total = set.list.reduce((n, i) => n + i.duration, 0);
    let at = clock.seconds % total;
    for (const item of set.list) {
      if (at < item.duration) return { set: set.id, item: item.id };
      at -= item.duration;
    }
  }
  return undefined;
}
