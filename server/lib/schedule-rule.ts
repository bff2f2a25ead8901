/*
 * When a schedule covers a moment — one rule for both signage families (plus-signage §3): a Plus schedule
 * (period, days, time ranges) and a v1 timeline entry (each of them optional). The date must lie inside the
 * period, the week day among the days (none listed = every day) and the clock time inside one of the ranges
 * (none listed = all day). All of it is read in the device's own time zone, since "09:00–12:00" means the
 * store's morning, not the server's. Pure, so that the screen image, the simulator and their tests agree.
 */

export interface ScheduleRule {
  period?: { start: string; end: string };
  /** Week days 0 (Sunday) to 6; older Plus rows may hold 'SUN'…'SAT'. */
  days?: readonly (number | string)[];
  /** 'hh:mm' or 'hh:mm:ss'; an end before its start runs over midnight (22:00–02:00). */
  time?: readonly { start: string; end: string }[];
}

/** A moment as the device's wall clock shows it. */
export interface LocalClock {
  /** yyyy-mm-dd */
  date: string;
  /** 0 (Sunday) to 6. */
  day: number;
  /** Seconds since local midnight. */
  seconds: number;
}

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** 0–6 from a number (or its text) or a three-letter English name; undefined for anything else. */
export function dayNumber(day: number | string): number | undefined {
  const n = typeof day === 'number' ? day : /^\d$/.test(day) ? Number(day) : DAY_NAMES.indexOf(day.slice(0, 3).toUpperCase());
  return Number.isInteger(n) && n >= 0 && n <= 6 ? n : undefined;
}

export const dayNumbers = (days: readonly (number | string)[]): number[] =>
  [...new Set(days.map(dayNumber).filter((d): d is number => d !== undefined))].sort((a, b) => a - b);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The moment as a wall clock in `tz` shows it; no zone, or an unknown one, reads as UTC. */
export function localClock(now: Date, tz: string | null | undefined): LocalClock {
  let f: Intl.DateTimeFormat;
  try {
    f = formatter(tz || 'UTC');
  } catch {
    f = formatter('UTC');
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day: dayNumber(parts.weekday) ?? 0,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/** 'hh:mm' or 'hh:mm:ss' as seconds since midnight. */
export function secondsOf(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

function inRange(seconds: number, range: { start: string; end: string }): boolean {
  const start = secondsOf(range.start);
  const end = secondsOf(range.end);
  return start <= end ? seconds >= start && seconds < end : seconds >= start || seconds < end;
}

export function scheduleCovers(rule: ScheduleRule, at: LocalClock): boolean {
  if (rule.period && (at.date < rule.period.start || at.date > rule.period.end)) return false;
  const days = dayNumbers(rule.days ?? []);
  if (days.length && !days.includes(at.day)) return false;
  return !rule.time?.length || rule.time.some((range) => inRange(at.seconds, range));
}

/** A real calendar date (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
