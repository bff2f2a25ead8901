import type { PlusSchedule } from '../../../../contract/schemas/plus-assets';

/* Paths and the text summary of the schedule screens (plus-signage §2.2). */

export const scheduleListPath = (storeCode: string) => `/plus/schedule/list/${encodeURIComponent(storeCode)}`;

/**
 * "start ~ end / days / time ranges": the days by their short names in week order, or `everyDay` when none are
 * chosen (days are optional: the schedule then holds on every day).
 */
// spec: plus §2.40 — 'start ~ end / days / time ranges'
export function scheduleSummary(s: Pick<PlusSchedule, 'period' | 'days' | 'time'>, dayNames: readonly string[], everyDay: string): string {
  const days = s.days.length
    ? [...s.days]
        .sort((a, b) => a - b)
        .map((d) => dayNames[d] ?? String(d))
        .join(', ')
    : everyDay;
  const ranges = s.time.map((r) => `${r.start}-${r.end}`).join(', ');
  return `${s.period.start} ~ ${s.period.end} / ${days} / ${ranges}`;
}
