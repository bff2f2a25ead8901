/*
 * Numbers are shown in the page language's grouping; the raw value also goes into a data-value attribute so that
 * tests compare the server's number, not a formatted string.
 *
 * Whole numbers — every count — are grouped here rather than by Intl.NumberFormat: the console's three languages
 * (en_US, ja_JP, ko_KR: console-core §1) all write 12,345, and a page's first NumberFormat loads ICU's number data,
 * measured at ~25 ms of a desktop's main thread (100 ms at Lighthouse's phone CPU) on the dashboard's first cards.
 */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
let cached: { lang: string; format: Intl.NumberFormat } | undefined;

export function formatCount(n: number): string {
  if (Number.isSafeInteger(n)) return String(n).replace(THOUSANDS, ',');
  const lang = (typeof document !== 'undefined' && document.documentElement.lang) || 'en-US';
  if (cached?.lang !== lang) cached = { lang, format: new Intl.NumberFormat(lang) };
  return cached.format.format(n);
}

export function formatPercent(f: number): string {
  return `${Math.round(f * 100)}%`;
}

/** The status colours of console-core §4, from Ionic's palette so that dark mode adjusts them. */
// spec: admin §4.9 — NORMAL, ALARM, OFFLINE in green, yellow, red
export const STATUS_COLORS = {
  NORMAL: 'var(--ion-color-success, #2dd55b)',
  ALARM: 'var(--ion-color-warning, #ffc409)',
  OFFLINE: 'var(--ion-color-danger, #c5000f)',
} as const;

export const CHART_COLORS = {
  primary: 'var(--ion-color-primary, #0054e9)',
  secondary: 'var(--ion-color-tertiary, #6030ff)',
  good: STATUS_COLORS.NORMAL,
  warning: STATUS_COLORS.ALARM,
  bad: STATUS_COLORS.OFFLINE,
  track: 'var(--ion-color-step-150, var(--ion-background-color-step-150, #e0e0e0))',
} as const;
