import type { DailyCount, Dashboard, GatewayStoreStatus, HealthCounts, ProductStats, TagStats } from '../../../contract/schemas/dashboard';
import { decodeTagType, UNKNOWN_TAG_TYPE } from '../../../contract/schemas/tag-type';
import { DASHBOARD_BAR_MAX_STORES } from './dashboard-constants';

/*
 * The dashboard call takes no filters (contract/schemas/dashboard.ts), so the store and company selection is
 * applied here over the answer. Pure functions: the page only renders what these return.
 */

/**
 * Store codes, versions and ISO dates are ordered by their characters, not by a language's collation: they are codes,
 * and a page's first localeCompare loads ICU's collation data (~30 ms of main thread, measured, on the first cards).
 */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An empty list means "all" for both selects. */
export interface Selection {
  companies: string[];
  stores: string[];
}

export interface StoreOption {
  code: string;
  name: string;
  companyCode: string;
}

/** The stores the store select offers: those of the selected companies, in the server's order. */
export function storeOptions(answer: Pick<Dashboard, 'storeList' | 'storeDict'>, companies: string[]): StoreOption[] {
  return answer.storeList
    .map((code) => ({ code, name: answer.storeDict[code]?.storeName ?? code, companyCode: answer.storeDict[code]?.companyCode ?? '' }))
    .filter((s) => companies.length === 0 || companies.includes(s.companyCode));
}

/** Store codes every section sums over: the selected stores among the selected companies' stores. */
export function selectedStores(answer: Pick<Dashboard, 'storeList' | 'storeDict'>, selection: Selection): string[] {
  const offered = storeOptions(answer, selection.companies).map((s) => s.code);
  return selection.stores.length ? offered.filter((c) => selection.stores.includes(c)) : offered;
}

export function sumHealth(byStore: Record<string, GatewayStoreStatus> | undefined, stores: string[]): HealthCounts {
  const out: HealthCounts = { total: 0, normal: 0, alarm: 0, offline: 0 };
  for (const code of stores) {
    const s = byStore?.[code];
    if (!s) continue;
    out.total += s.total;
    out.normal += s.normal;
    out.alarm += s.alarm;
    out.offline += s.offline;
  }
  return out;
}

export interface TagTotals {
  total: number;
  good: number;
  error: number;
  inprogress: number;
  lowBattery: number;
  todayUpdated: number;
}

/** console-core §3: good = total − error − in progress. */
export const goodOf = (s: Pick<TagStats, 'total' | 'error' | 'inprogress'>) => Math.max(0, s.total - s.error - s.inprogress);

export function sumTags(byStore: Record<string, TagStats> | undefined, stores: string[]): TagTotals {
  const out: TagTotals = { total: 0, good: 0, error: 0, inprogress: 0, lowBattery: 0, todayUpdated: 0 };
  for (const code of stores) {
    const s = byStore?.[code];
    if (!s) continue;
    out.total += s.total;
    out.error += s.error;
    out.inprogress += s.inprogress;
    out.lowBattery += s.lowBattery;
    out.todayUpdated += s.todayUpdated;
  }
  out.good = goodOf(out);
  return out;
}

export function sumProducts(byStore: Record<string, ProductStats> | undefined, stores: string[]): { total: number; todayUpdated: number } {
  const out = { total: 0, todayUpdated: 0 };
  for (const code of stores) {
    out.total += byStore?.[code]?.total ?? 0;
    out.todayUpdated += byStore?.[code]?.todayUpdated ?? 0;
  }
  return out;
}

/** Sum of per-store count maps (versions, tag types), most common first, ties by name. */
export function sumCounts(maps: (Record<string, number> | undefined)[]): [string, number][] {
  const out = new Map<string, number>();
  for (const m of maps) for (const [k, n] of Object.entries(m ?? {})) out.set(k, (out.get(k) ?? 0) + n);
  return [...out.entries()].sort((a, b) => b[1] - a[1] || byCode(a[0], b[0]));
}

/** The first `max` entries, the rest folded into one "other" entry so that the chart still adds up. */
export function foldRest(entries: [string, number][], max: number, otherKey: string): [string, number][] {
  if (entries.length <= max) return entries;
  const rest = entries.slice(max - 1).reduce((a, [, n]) => a + n, 0);
  return [...entries.slice(0, max - 1), [otherKey, rest]];
}

/**
 * The stores of the multi-store bar chart: at most 10 (console-core §2). The spec does not say which ten; we take
 * the ten with most tags (ties by store code), since those carry most of the labels a manager looks after.
 */
export function topStoresByTags(byStore: Record<string, TagStats> | undefined, stores: string[], max = DASHBOARD_BAR_MAX_STORES): string[] {
  return [...stores].sort((a, b) => (byStore?.[b]?.total ?? 0) - (byStore?.[a]?.total ?? 0) || byCode(a, b)).slice(0, max);
}

/** Daily counts of the selected stores, summed per day, oldest first. */
export function dailyTotals(rows: DailyCount[] | undefined, stores: string[]): { date: string; total: number }[] {
  const wanted = new Set(stores);
  const byDate = new Map<string, number>();
  for (const r of rows ?? []) if (wanted.has(r.storeCode)) byDate.set(r.date, (byDate.get(r.date) ?? 0) + r.total);
  return [...byDate.entries()].sort((a, b) => byCode(a[0], b[0])).map(([date, total]) => ({ date, total }));
}

/** Per store: the sum of its daily counts over the days the server sent. */
export function dailyByStore(rows: DailyCount[] | undefined, stores: string[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(stores.map((s) => [s, 0]));
  for (const r of rows ?? []) if (r.storeCode in out) out[r.storeCode] += r.total;
  return out;
}

/** Tag type codes are named by their model (console-core §3 tag type code); unknown codes show UNKNOWN. */
export function tagTypeLabel(code: string): string {
  const type = decodeTagType(code);
  return type.known ? `${type.model} (${code})` : type.model;
}

/**
 * Tag counts by screen size (the second character of the type code), smallest first, unknown codes last. There
 * are dozens of type codes, too many for one chart; the detail modal lists every type per store.
 */
export function sumBySize(maps: (Record<string, number> | undefined)[]): [string, number][] {
  const out = new Map<string, number>();
  for (const [code, n] of sumCounts(maps)) {
    const type = decodeTagType(code);
    const key = type.known && type.size ? type.size : UNKNOWN_TAG_TYPE;
    out.set(key, (out.get(key) ?? 0) + n);
  }
  const rank = (size: string) => (size === UNKNOWN_TAG_TYPE ? Infinity : Number(size));
  return [...out.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}
