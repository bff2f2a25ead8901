import type { PlusShow } from '../../db/schema/plus';
import { localClock, scheduleCovers, type ScheduleRule } from '../schedule-rule';

/*
 * What a Plus device plays (plus-signage §2.3, §3): its slides in order, each for its duration, round and round
 * from the moment the show list reached it. A slide with schedules plays only while one of them covers the
 * moment; a slide without schedules always plays. A pinned show index (the device list's pin) wins over both.
 */

export interface PlaybackInput {
  shows: readonly PlusShow[];
  /** The fixed show index, or null. */
  pinned: number | null;
  /** The store's schedules by id; an id naming no schedule of the store is ignored. */
  schedules: ReadonlyMap<string, ScheduleRule>;
  /** The device's time zone (IANA), for the schedules. */
  tz: string | null;
  /** When the device received its show list: slide 1 starts then. */
  origin: Date;
  now: Date;
}

/** The slides that may play at `now` (indexes into shows). */
export function eligibleSlides({ shows, schedules, tz, now }: Pick<PlaybackInput, 'shows' | 'schedules' | 'tz' | 'now'>): number[] {
  const at = localClock(now, tz);
  const out: number[] = [];
  shows.forEach((show, index) => {
    const rules = (show.schedule ?? []).map((id) => schedules.get(String(id))).filter((r): r is ScheduleRule => !!r);
    if (!rules.length || rules.some((r) => scheduleCovers(r, at))) out.push(index);
  });
  return out;
}

/** The index of the slide on screen at `now`, or null when nothing plays (no slides, or none scheduled now). */
export function playingSlide(input: PlaybackInput): number | null {
  const { shows, pinned, origin, now } = input;
  if (pinned !== null && pinned >= 0 && pinned < shows.length) return pinned;
  const playable = eligibleSlides(input);
  if (!playable.length) return null;
  const total = playable.reduce((sum, i) => sum + Math.max(1, shows[i].duration), 0);
  // Seconds since the list arrived; a clock behind the origin (a test's fixed time) counts from the start.
  let t = Math.max(0, Math.floor((now.getTime() - origin.getTime()) / 1000)) % total;
  for (const i of playable) {
    t -= Math.max(1, shows[i].duration);
    if (t < 0) return i;
  }
  return playable[playable.length - 1];
}
