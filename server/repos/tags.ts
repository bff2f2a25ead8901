import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TAG_LIST_TABLE, type Tag } from '../../contract/schemas/tags';
import { TAG_SIZE_CODES } from '../../contract/schemas/tag-type';
import type { ParsedFilter, TablePage } from '../../contract/table';
import { wideTable } from '../../contract/schemas/common';
import type { Db } from '../db/client';
import { collectingItems, stores, tagStatusCounts, tagStoreCounts, tags, type CollectingKind } from '../db/schema/index';
import { notFound } from '../lib/errors';
import { tagKey } from '../lib/mac';
import { withoutNulls } from '../lib/rows';
import { queryTable, type PreparedSource, type TableSource } from '../lib/table-sql';

/** A tag as the writes need it. */
export interface TagRef {
  tagMac: string;
  barcode: string;
  prCode: string | null;
  layoutId: string | null;
  nfc: string | null;
  degree: number;
  operation: number;
}

const refColumns = {
  tagMac: tags.tagMac,
  barcode: tags.barcode,
  prCode: tags.prCode,
  layoutId: tags.layoutId,
  nfc: tags.nfc,
  degree: tags.degree,
  operation: tags.operation,
};

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
/** The barcode compared as a scanned tag id is (upper case, no ':' or '-'); see tagKey. */
const barcodeKey = sql`upper(translate(${tags.barcode}, ':-', ''))`;

/**
 * Resolve scanned tag ids / MACs to the tags of one store (NOTES.md 4): by tagMac, then by the barcode as
 * typed, and only for what is still unknown by the normalised barcode (the one comparison no index serves).
 * A tag of another store is unknown here.
 */
export async function resolveTags(
  db: Db,
  storeCode: string,
  refs: readonly string[],
): Promise<{ found: Map<string, TagRef>; missing: string[] }> {
  const unique = [...new Set(refs)];
  const found = new Map<string, TagRef>();
  if (!unique.length) return { found, missing: [] };
  const rows = await db
    .select(refColumns)
    .from(tags)
    .where(
      and(
        eq(tags.storeCode, storeCode),
        or(sql`${tags.tagMac} = any(${textArray(unique.map(tagKey))})`, sql`${tags.barcode} = any(${textArray(unique)})`),
      ),
    );
  const byMac = new Map(rows.map((r) => [r.tagMac, r]));
  const byBarcode = new Map(rows.map((r) => [r.barcode, r]));
  for (const ref of unique) {
    const tag = byMac.get(tagKey(ref)) ?? byBarcode.get(ref);
    if (tag) found.set(ref, tag);
  }
  let missing = unique.filter((ref) => !found.has(ref));
  if (missing.length) {
    const loose = await db
      .select({ ...refColumns, key: sql<string>`${barcodeKey}` })
      .from(tags)
      .where(and(eq(tags.storeCode, storeCode), sql`${barcodeKey} = any(${textArray(missing.map(tagKey))})`));
    const byKey = new Map(loose.map(({ key, ...tag }) => [key, tag]));
    for (const ref of missing) {
      const tag = byKey.get(tagKey(ref));
      if (tag) found.set(ref, tag);
    }
    missing = missing.filter((ref) => !found.has(ref));
  }
  return { found, missing };
}

export function unknownTagsMessage(missing: string[], storeCode: string): string {
  if (missing.length === 1) return `Tag ${missing[0]} does not exist in store ${storeCode}.`;
  const shown = missing.slice(0, 5).join(', ');
  return `Tags ${shown}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} do not exist in store ${storeCode}.`;
}

/** Every listed tag must exist in the store: otherwise a 404 naming the unknown ones. */
export async function requireTags(db: Db, storeCode: string, refs: readonly string[]): Promise<Map<string, TagRef>> {
  const { found, missing } = await resolveTags(db, storeCode, refs);
  if (missing.length) throw notFound(unknownTagsMessage(missing, storeCode));
  return found;
}

/** The tags of a store showing a product. */
export async function tagsShowing(db: Db, storeCode: string, prCode: string): Promise<TagRef[]> {
  return db
    .select(refColumns)
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), eq(tags.prCode, prCode)));
}

export async function countTags(db: Db, storeCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tags)
    .where(eq(tags.storeCode, storeCode));
  return row.n;
}

// ---- The tag list ----

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
// spec: core §9.10
/** tagLayout: the layout size from the 2nd character of tagType (console-core §9), as the tag-type table names it. */
const tagLayout = sql<string | null>`(case upper(substr(${tags.tagType}, 2, 1)) ${sql.raw(
  Object.entries(TAG_SIZE_CODES)
    .map(([code, size]) => `when ${quote(code)} then ${quote(size)}`)
    .join(' '),
)} end)`;
/**
 * Tags of the same store showing the same product: one probe of the (store_code, pr_code) index per row. In the
 * answer it is read for the page's rows only (the list reads its keys first, then those rows); a filter or sort on
 * countByPrCode evaluates it for every tag the filter visits.
 */
// The outer columns are written qualified by hand: in a select list Drizzle writes a column of the one table unqualified,
// and an unqualified "store_code" inside the subquery would name same's own column (every tag would count).
const countByPrCode = sql<number>`(select count(*)::int from ${tags} as same where same.store_code = ${tags}.store_code and same.pr_code = ${tags}.pr_code)`;

type TagListField = keyof typeof TAG_LIST_TABLE.fields;

const listColumns: Record<TagListField, PgColumn | SQL> = {
  barcode: tags.barcode,
  tagMac: tags.tagMac,
  prCode: tags.prCode,
  countByPrCode,
  tagType: tags.tagType,
  gwIp: tags.gwIp,
  operationName: tags.operationName,
  operation: tags.operation,
  status: tags.status,
  battStatus: tags.battStatus,
  version: tags.version,
  rssi: tags.rssi,
  battery: tags.battery,
  temperature: tags.temperature,
  updatedAt: tags.updatedAt,
  respondedAt: tags.respondedAt,
  tagLayout,
  companyCode: tags.companyCode,
};

const listSelect = {
  tagMac: tags.tagMac,
  barcode: tags.barcode,
  prCode: tags.prCode,
  tagType: tags.tagType,
  gwIp: tags.gwIp,
  operationName: tags.operationName,
  operation: tags.operation,
  status: tags.status,
  battStatus: tags.battStatus,
  version: tags.version,
  rssi: tags.rssi,
  battery: tags.battery,
  temperature: tags.temperature,
  updatedAt: tags.updatedAt,
  respondedAt: tags.respondedAt,
  tagLayout: tagLayout.as('tag_layout'),
  countByPrCode: countByPrCode.as('count_by_pr_code'),
  companyCode: tags.companyCode,
  storeCode: tags.storeCode,
};
type ListRow = Pick<
  typeof tags.$inferSelect,
  | 'tagMac'
  | 'barcode'
  | 'prCode'
  | 'tagType'
  | 'gwIp'
  | 'operationName'
  | 'operation'
  | 'status'
  | 'battStatus'
  | 'version'
  | 'rssi'
  | 'battery'
  | 'temperature'
  | 'updatedAt'
  | 'respondedAt'
  | 'companyCode'
  | 'storeCode'
> & { tagLayout: string | null; countByPrCode: number };

/** All tags of a store, summed over its tag types' counters. */
async function storeTagTotal(db: Db, storeCode: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${tagStoreCounts.total}), 0)::int` })
    .from(tagStoreCounts)
    .where(eq(tagStoreCounts.storeCode, storeCode));
  return row.total;
}

const listSource = {
  table: tags,
  columns: listColumns,
  dateColumn: tags.updatedAt,
  uniqueColumn: tags.tagMac,
  deferredJoin: true,
} as const;

function unpreparedSource(
  db: Db,
  storeCode: string,
  where: SQL[],
  macList?: string[],
  idList?: string[],
  companyFilter?: string | false,
): TableSource<TagListField> {
  const base: (SQL | undefined)[] = [eq(tags.storeCode, storeCode), ...where];
  if (macList) base.push(sql`${tags.tagMac} = any(${textArray(macList.map(tagKey))})`);
  if (idList) base.push(or(sql`${tags.barcode} = any(${textArray(idList)})`, sql`${tags.tagMac} = any(${textArray(idList.map(tagKey))})`));
  if (companyFilter) base.push(eq(tags.companyCode, companyFilter));
  // Only the store narrows the list: its tag count is the counter the database keeps (tag_store_counts).
  const storeOnly = !where.length && !macList && !idList && !companyFilter;
  return { ...listSource, base, baseTotal: storeOnly ? () => storeTagTotal(db, storeCode) : undefined };
}

/**
 * A store's tags of the statuses a status filter names (equal, or a list), from the counter the database keeps
 * (tag_status_counts, migration 0017): the list's most used filter, which otherwise counts every tag of the store on
 * every page (issue 32 §4). Read in the page's own statement, so it is the count of the same snapshot as its rows.
 */
function statusTotal(filters: readonly ParsedFilter[]): SQL | undefined {
  if (filters.length !== 1) return undefined;
  const [filter] = filters;
  // Every condition on an enum field is equality (table-sql condition(): "~" only searches text; >= and <= are refused).
  if (filter.field !== 'status' || filter.kind !== 'enum' || !['==', '~', 'in'].includes(filter.condition)) return undefined;
  const count = filter.condition === 'in' ? (filter.value as unknown[]).length : 1;
  const statuses = sql.join(
    Array.from({ length: count }, (_, j) => placeholder(`__f0_${j}`)),
    sql`, `,
  );
  return sql`select coalesce(sum(${tagStatusCounts}.total), 0)::int from ${tagStatusCounts} where ${tagStatusCounts}.store_code = ${placeholder('storeCode')} and ${tagStatusCounts}.status in (${statuses})`;
}

/** The same conditions over placeholders, one base per combination of the optional ones, built once each. */
const preparedBases = new Map<string, { base: (SQL | undefined)[]; total?: SQL; filteredTotal?: PreparedSource['filteredTotal'] }>();
const placeholder = (name: string) => sql.placeholder(name);
const textArrayOf = (name: string) => sql`${placeholder(name)}::text[]`;

function preparedSource(
  storeCode: string,
  macList?: string[],
  idList?: string[],
  companyFilter?: string | false,
): TableSource<TagListField> {
  const shape = `${macList ? 'm' : ''}${idList ? 'i' : ''}${companyFilter ? 'c' : ''}`;
  let built = preparedBases.get(shape);
  if (!built) {
    const base: (SQL | undefined)[] = [eq(tags.storeCode, placeholder('storeCode'))];
    if (macList) base.push(sql`${tags.tagMac} = any(${textArrayOf('macs')})`);
    if (idList) base.push(or(sql`${tags.barcode} = any(${textArrayOf('ids')})`, sql`${tags.tagMac} = any(${textArrayOf('idKeys')})`));
    if (companyFilter) base.push(eq(tags.companyCode, placeholder('companyCode')));
    // Only the store narrows the list: its tag count is the counter the database keeps (tag_store_counts).
    const total = shape
      ? undefined
      : sql`(select coalesce(sum(${tagStoreCounts}.total), 0)::int from ${tagStoreCounts} where ${tagStoreCounts}.store_code = ${placeholder('storeCode')})`;
    preparedBases.set(shape, (built = { base, total, filteredTotal: shape ? undefined : statusTotal }));
  }
  const values: Record<string, unknown> = { storeCode };
  if (macList) values.macs = macList.map(tagKey);
  if (idList) Object.assign(values, { ids: idList, idKeys: idList.map(tagKey) });
  if (companyFilter) values.companyCode = companyFilter;
  return {
    ...listSource,
    base: built.base,
    prepared: { name: 'tag_list', shape, values, total: built.total, filteredTotal: built.filteredTotal },
  };
}

/**
 * The paged tag list of one store (table protocol over TAG_LIST_TABLE), optionally narrowed to given tags.
 * `where` narrows it further before the filters apply (a download's pre-filter: the same list, fewer tags).
 */
export async function listTags(db: Db, storeCode: string, body: Record<string, unknown>, where: SQL[] = []): Promise<TablePage<Tag>> {
  const macList = body.tagMacList as string[] | undefined;
  const idList = body.tagIdList as string[] | undefined;
  const companyFilter = typeof body.global_companyCode === 'string' && body.global_companyCode;
  const page = await queryTable<ListRow, TagListField>(
    db,
    wideTable(TAG_LIST_TABLE),
    body,
    // A download's pre-filter (`where`) is SQL of its own, with its values in it: that list is built per request.
    where.length
      ? unpreparedSource(db, storeCode, where, macList, idList, companyFilter)
      : preparedSource(storeCode, macList, idList, companyFilter),
    listSelect,
  );
  return {
    ...page,
    data: page.data.map((row) => {
      const { updatedAt, respondedAt, tagType, countByPrCode: sameProduct, ...rest } = row;
      return {
        ...withoutNulls(rest),
        tagType: tagType ?? '',
        ...(row.prCode !== null ? { countByPrCode: sameProduct } : {}),
        ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}),
        ...(respondedAt ? { respondedAt: respondedAt.toISOString() } : {}),
      } as Tag;
    }),
  };
}

// ---- Status collection (the header's collecting list) ----

const running = and(isNull(collectingItems.finishedAt), isNull(collectingItems.stoppedAt));
/** The same cap the simulator lists with. */

export async function startCollecting(
  db: Db,
  item: { storeCode: string; companyCode: string; kind: CollectingKind; cmd: string; total: number; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(collectingItems)
    .values({
      storeCode: item.storeCode,
      companyCode: item.companyCode,
      kind: item.kind,
      cmd: item.cmd,
      total: item.total,
      done: 0,
      startedAt: item.now,
    })
    .returning({ id: collectingItems.id });
  return row.id;
}

/** Stops the store's running items of one kind; answers how many were running. */
export async function stopCollecting(db: Db, storeCode: string, kind: CollectingKind, now: Date): Promise<number> {
  const rows = await db
    .update(collectingItems)
    .set({ stoppedAt: now })
    .where(and(eq(collectingItems.storeCode, storeCode), eq(collectingItems.kind, kind), running))
    .returning({ id: collectingItems.id });
  return rows.length;
}

export async function storeCompany(db: Db, storeCode: string): Promise<string> {
  const [row] = await db.select({ companyCode: stores.companyCode }).from(stores).where(eq(stores.storeCode, storeCode));
  if (!row) throw notFound(`Unknown store code: ${storeCode}`);
  return row.companyCode;
}
