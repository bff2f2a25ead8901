import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseTableRequest, TableRequestError, type FieldKind, type ParsedFilter, type TableDef, type TablePage } from '../../src/api/table';
import type { Db } from '../db/client';

/** Escape LIKE wildcards so that "~ 50%" looks for the text "50%". */
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Epoch seconds → Date; a value past the calendar is the client's mistake (400), never sent to the database. */
function epochDate(seconds: number): Date {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) throw new TableRequestError(`Invalid date: ${seconds}`);
  return date;
}

/** Drizzle's timestamp and date columns; their driver mapping expects a Date (or its text), never a number. */
const DATE_COLUMN_TYPES = new Set(['PgTimestamp', 'PgTimestampString', 'PgDate', 'PgDateString']);
const isDateColumn = (target: PgColumn | SQL) => DATE_COLUMN_TYPES.has((target as Partial<PgColumn>).columnType ?? '');

/** A column whose values are strings; an SQL expression is taken to be text, as the lists declare them. */
const isTextColumn = (target: PgColumn | SQL) => {
  const type = (target as Partial<PgColumn>).dataType;
  return type === undefined || type === 'string';
};

/**
 * The value a filter compares with. A date column is always compared with a Date: many tables declare their date
 * fields as 'number' (epoch seconds on the wire, NOTES.md 10), and a bare number would reach the column's driver
 * mapping (a TypeError, a 500) or PostgreSQL (no timestamp = integer). So the column decides, not only the kind.
 */
function scalar(filter: ParsedFilter, value: string | number, target: PgColumn | SQL): string | number | boolean | Date {
  if (filter.kind === 'date' || ((filter.kind === 'number' || filter.kind === 'enum') && isDateColumn(target))) {
    if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(Number(value)))) throw new TableRequestError(`filter_${filter.field} must be epoch seconds`);
    const date = epochDate(Number(value));
    return (target as Partial<PgColumn>).columnType?.endsWith('String') ? date.toISOString() : date;
  }
  if (filter.kind === 'number') return Number(value);
  if (filter.kind === 'hex') return parseInt(String(value).replace(/^0x/i, ''), 16);
  if (filter.kind === 'bool') return value === 'true' || value === 1 || value === '1';
  return String(value);
}

function condition(filter: ParsedFilter, target: PgColumn | SQL): SQL {
  // Drizzle's operators bind SQL expressions the same way as columns; only their types insist on a column.
  const column = target as PgColumn;
  if (filter.condition === 'in') {
    return inArray(column, (filter.value as (string | number)[]).map((v) => scalar(filter, v, target)) as never[]);
  }
  const value = scalar(filter, filter.value as string | number, target);
  switch (filter.condition) {
    case '~':
      // A text search on a column that is not text (a number, a timestamp) searches its text form.
      if (filter.kind === 'text') return ilike(isTextColumn(target) ? column : (sql`${target}::text` as unknown as PgColumn), likeText(String(value)));
      return eq(column, value);
    case '>=':
      return gte(column, value);
    case '<=':
      return lte(column, value);
    default:
      return eq(column, value);
  }
}

export interface TableSource<F extends string> {
  table: PgTable;
  /** The whitelist: each declared field of the table definition mapped to a column or expression. */
  columns: Record<F, PgColumn | SQL>;
  /** Column (or expression) of the date range, when the table declares one. */
  dateColumn?: PgColumn | SQL;
  /** Tie-breaker so that pages never overlap when the sort column has duplicates. */
  uniqueColumn: PgColumn;
  /** Conditions that always apply (store, privileges); recordsTotal counts with these only. */
  base: (SQL | undefined)[];
  /**
   * Find the page's keys first, then read only those rows. With an index that covers filter, sort and key, a deep
   * page skips index entries instead of table rows (the 50,000-tag store's page 1500 goes from ~60 to ~20 ms).
   */
  deferredJoin?: boolean;
  /**
   * The number of rows `base` selects when the caller keeps it elsewhere (a counter the database maintains): asked
   * instead of counting the rows when the request filters nothing, so an unfiltered first page reads 25 rows, not
   * every row of the store.
   */
  baseTotal?: () => Promise<number>;
}

/**
 * Answer a table request: count everything the caller may see and what the filters leave in one pass, then
 * read one page in the requested order. Only declared fields reach SQL, always as bound parameters.
 */
export async function queryTable<Row, F extends string>(
  db: Db,
  def: TableDef<Record<F, FieldKind>>,
  body: Record<string, unknown>,
  source: TableSource<F>,
  select: Record<string, PgColumn | SQL | SQL.Aliased>,
): Promise<TablePage<Row>> {
  try {
    return await runTableQuery<Row, F>(db, def, body, source, select);
  } catch (error) {
    if (isBadValue(error)) throw new TableRequestError('A filter value is out of range.');
    throw error;
  }
}

/**
 * A filter value the schema lets through but the database cannot compare — a number beyond an integer column,
 * a date beyond the calendar: PostgreSQL's data exceptions (SQLSTATE class 22), or the RangeError of an invalid
 * Date, possibly wrapped by Drizzle. The client's mistake, so a 400 rather than a 500.
 */
function isBadValue(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (e instanceof RangeError || (typeof e.code === 'string' && e.code.startsWith('22'))) return true;
  }
  return false;
}

async function runTableQuery<Row, F extends string>(
  db: Db,
  def: TableDef<Record<F, FieldKind>>,
  body: Record<string, unknown>,
  source: TableSource<F>,
  select: Record<string, PgColumn | SQL | SQL.Aliased>,
): Promise<TablePage<Row>> {
  const parsed = parseTableRequest(def, body);
  const cols = source.columns as Record<string, PgColumn | SQL>;
  const filters = parsed.filters.map((f) => condition(f, cols[f.field]));
  // As in condition(): the operators bind an expression like a column; only their types insist on a column.
  const dateColumn = source.dateColumn as PgColumn | undefined;
  if (dateColumn && parsed.dateRange.start !== undefined) filters.push(gte(dateColumn, epochDate(parsed.dateRange.start)));
  if (dateColumn && parsed.dateRange.end !== undefined) filters.push(lte(dateColumn, epochDate(parsed.dateRange.end)));
  const base = and(...source.base.filter(Boolean));
  const filtered = filters.length ? and(...filters) : undefined;

  const counts = await countRows(db, source, base, filtered);

  const dir = parsed.order.dir === 'asc' ? asc : desc;
  const order = [dir(cols[parsed.order.field] as PgColumn), dir(source.uniqueColumn)];
  const paged = parsed.length >= 0;
  let data: Row[];
  if (source.deferredJoin && paged) {
    const keys = db.select({ key: source.uniqueColumn }).from(source.table).where(and(base, filtered)).orderBy(...order).limit(parsed.length).offset(parsed.start);
    data = (await db.select(select).from(source.table).where(inArray(source.uniqueColumn, keys)).orderBy(...order)) as Row[];
  } else {
    let query = db.select(select).from(source.table).where(and(base, filtered)).orderBy(...order).$dynamic();
    if (paged) query = query.limit(parsed.length).offset(parsed.start);
    data = (await query) as Row[];
  }
  return { draw: parsed.draw, recordsTotal: counts.total, recordsFiltered: counts.filtered, data };
}

/** recordsTotal and recordsFiltered: from the caller's counter when nothing is filtered, else one pass over the rows. */
async function countRows<F extends string>(db: Db, source: TableSource<F>, base: SQL | undefined, filtered: SQL | undefined) {
  if (!filtered && source.baseTotal) {
    const total = await source.baseTotal();
    return { total, filtered: total };
  }
  const [counts] = await db
    .select({
      total: count(),
      filtered: filtered ? sql<number>`count(*) filter (where ${filtered})`.mapWith(Number) : count(),
    })
    .from(source.table)
    .where(base);
  return counts;
}
