/*
 * When a Plus schedule (plus-signage §3) covers a moment: the date inside its period, the week day among its days
 * (none listed = every day) and the clock time inside one of its time ranges — all read in the device's own time
 * zone, since "09:00–12:00" means the store's morning, not the server's.
 */

export interface ScheduleRule {
  period: { start: string; end: string };
  /** Week days 0 (Sunday) to 6; older rows may hold 'SUN'…'SAT'. */
  days: (number | string)[];
  time: { start: string; end: string }[];
}

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** 0–6 from a number or a three-letter English name; undefined for anything else. */
export function dayNumber(day: number | string): number | undefined {
  if (typeof day === 'number') return Number.isInteger(day) && day >= 0 && day <= 6 ? day : undefined;
  const index = DAY_NAMES.indexOf(day.slice(0, 3).toUpperCase());
  return index < 0 ? undefined : index;
}

export const dayNumbers = (days: readonly (number | string)[]): number[] =>
  [...new Set(days.map(dayNumber).filter((d): d is number => d !== undefined))].sort((a, b) => a - b);

export interface LocalMoment {
  /** yyyy-mm-dd */
  date: string;
  day: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The moment as a wall clock in `tz` shows it; an unknown zone reads as UTC. */
export function localMoment(now: Date, tz: string | null | undefined): LocalMoment {
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
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A range whose end is before its start runs over midnight (22:00–02:00). */
function inRange(minutes: number, range: { start: string; end: string }): boolean {
  const start = minutesOf(range.start);
  const end = minutesOf(range.end);
  return start <= end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

export function scheduleCovers(rule: ScheduleRule, at: LocalMoment): boolean {
  if (at.date < rule.period.start || at.date > rule.period.end) return false;
  const days = dayNumbers(rule.days);
  if (days.length && !days.includes(at.day)) return false;
  return rule.time.some((range) => inRange(at.minutes, range));
}

/** A real calendar date (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
