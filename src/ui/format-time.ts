const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd hh:ii:ss in the browser's time zone (NOTES.md 10); '' for a missing or unreadable time. */
// spec: core §9.8 — yyyy-mm-dd hh:ii:ss
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A date filter typed as yyyy-mm-dd hh:ii:ss (or the browser's datetime-local value yyyy-mm-ddThh:ii[:ss]) in the
 * browser's time zone → epoch seconds, as the table protocol sends dates (console-core §5); undefined if unreadable.
 */
// spec: core §5.8 — a typed date sent as epoch seconds
export function toEpochSeconds(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) || date.getDate() !== Number(d) ? undefined : Math.floor(date.getTime() / 1000);
}
