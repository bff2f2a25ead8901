import { and, asc, count, desc, eq, gte, ilike, inArray, lte, Param, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  parseTableRequest,
  TableRequestError,
  type FieldKind,
  type ParsedFilter,
  type ParsedTableRequest,
  type TableDef,
  type TablePage,
} from '../../contract/table';
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
// spec: core §5.8, core §9.8 — date filters as epoch seconds; version filters read as hex
function scalar(filter: ParsedFilter, value: string | number, target: PgColumn | SQL): string | number | boolean | Date {
  if (filter.kind === 'date' || ((filter.kind === 'number' || filter.kind === 'enum') && isDateColumn(target))) {
    if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(Number(value))))
      throw new TableRequestError(`filter_${filter.field} must be epoch seconds`);
    const date = epochDate(Number(value));
    return (target as Partial<PgColumn>).columnType?.endsWith('String') ? date.toISOString() : date;
  }
  if (filter.kind === 'number') return Number(value);
  if (filter.kind === 'hex') return parseInt(String(value).replace(/^0x/i, ''), 16);
  if (filter.kind === 'bool') return value === 'true' || value === 1 || value === '1';
  return String(value);
}

/** A text search ("~" on a text filter): the one condition that is not a comparison with the value itself. */
const isTextSearch = (filter: ParsedFilter) => filter.condition === '~' && filter.kind === 'text';

/** The values a filter binds, in the order its condition uses them (a list for "in", else one). */
function filterArgs(filter: ParsedFilter, target: PgColumn | SQL): unknown[] {
  if (filter.condition === 'in') return (filter.value as (string | number)[]).map((v) => scalar(filter, v, target));
  const value = scalar(filter, filter.value as string | number, target);
  return [isTextSearch(filter) ? likeText(String(value)) : value];
}

// spec: core §3.17 — filters become in, contains, equals, gte and lte queries
/**
 * The filter's condition over `args` (filterArgs: the values themselves, or the placeholders a prepared statement
 * binds them to later).
 */
function condition(filter: ParsedFilter, target: PgColumn | SQL, args: unknown[]): SQL {
  // Drizzle's operators bind SQL expressions the same way as columns; only their types insist on a column.
  const column = target as PgColumn;
  if (filter.condition === 'in') return inArray(column, args as never[]);
  const [value] = args;
  switch (filter.condition) {
    case '~':
      // A text search on a column that is not text (a number, a timestamp) searches its text form.
      if (isTextSearch(filter))
        return ilike(isTextColumn(target) ? column : (sql`${target}::text` as unknown as PgColumn), value as string);
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
  /**
   * Answer through prepared statements, built once per query shape (issue 32 §4: building the SQL was a fifth of the
   * list's server CPU). `base` (and `total`) are then written with sql.placeholder(name), whose values come here.
   */
  prepared?: PreparedSource;
}

export interface PreparedSource {
  /** Names the source's statements; with `shape`, tells them apart from every other source's. */
  name: string;
  /** Which optional conditions `base` holds: two requests of one shape must build the same SQL. */
  shape: string;
  /** The values of base's (and total's) placeholders. */
  values: Record<string, unknown>;
  /** What base selects when the request filters nothing, as one scalar expression (a kept counter), in place of baseTotal. */
  total?: SQL;
  /**
   * What base and the request's filters select, from a kept counter, for the filter combinations it keeps (with
   * `total`, and no date range): one scalar expression over the filters' placeholders (`__f<i>_<j>`, the filter's
   * i-th value j), or undefined to count the rows. It may look at the filters' fields, kinds, conditions and number
   * of values only — never the values — since its answer is built into the statement of the shape.
   */
  filteredTotal?: (filters: readonly ParsedFilter[]) => SQL | undefined;
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
  if (source.prepared) return preparedQuery<Row, F>(db, parsed, source, source.prepared, select);
  const cols = source.columns as Record<string, PgColumn | SQL>;
  const filters = parsed.filters.map((f) => condition(f, cols[f.field], filterArgs(f, cols[f.field])));
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
    const keys = db
      .select({ key: source.uniqueColumn })
      .from(source.table)
      .where(and(base, filtered))
      .orderBy(...order)
      .limit(parsed.length)
      .offset(parsed.start);
    data = (await db
      .select(select)
      .from(source.table)
      .where(inArray(source.uniqueColumn, keys))
      .orderBy(...order)) as Row[];
  } else {
    let query = db
      .select(select)
      .from(source.table)
      .where(and(base, filtered))
      .orderBy(...order)
      .$dynamic();
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

// ---- Prepared: one statement per query shape ----

interface ShapeStatements {
  /** The page's rows, each with the counts beside it (one round trip). */
  page: { execute(values: Record<string, unknown>): Promise<unknown[]> };
  /** The counts alone: asked only when the page has no rows to carry them. */
  counts: { execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]> };
}

/**
 * Shapes kept per database; a request of any further shape builds its statements again and runs them unnamed, so
 * neither Node nor PostgreSQL (which keeps a named statement per connection) holds an unbounded number of them.
 */
const MAX_SHAPES = 200;
const shapesByDb = new WeakMap<Db, Map<string, ShapeStatements>>();

const COUNT_FIELDS = { total: '__table_total', filtered: '__table_filtered' } as const;

/** A driver value encoder (a column): Drizzle binds a value compared with it through the column's mapping. */
const encodes = (target: PgColumn | SQL) => typeof (target as Partial<PgColumn>).mapToDriverValue === 'function';

/** A short, stable name for a shape (PostgreSQL cuts statement names at 63 bytes). */
function shapeName(prefix: string, shape: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < shape.length; i++) {
    const c = shape.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `${prefix}_${(h1 >>> 0).toString(36)}${(h2 >>> 0).toString(36)}`;
}

async function preparedQuery<Row, F extends string>(
  db: Db,
  parsed: ParsedTableRequest,
  source: TableSource<F>,
  prepared: PreparedSource,
  select: Record<string, PgColumn | SQL | SQL.Aliased>,
): Promise<TablePage<Row>> {
  const cols = source.columns as Record<string, PgColumn | SQL>;
  const dateColumn = source.dateColumn;
  const paged = parsed.length >= 0;
  // The values, in the order the shape binds them; computed (and refused, a 400) before any statement runs.
  const values: Record<string, unknown> = { ...prepared.values };
  const argCounts: number[] = [];
  parsed.filters.forEach((f, i) => {
    const args = filterArgs(f, cols[f.field]);
    args.forEach((value, j) => (values[`__f${i}_${j}`] = value));
    argCounts.push(args.length);
  });
  const range = { start: dateColumn && parsed.dateRange.start !== undefined, end: dateColumn && parsed.dateRange.end !== undefined };
  if (range.start) values.__range_start = epochDate(parsed.dateRange.start!);
  if (range.end) values.__range_end = epochDate(parsed.dateRange.end!);
  if (paged) Object.assign(values, { __limit: parsed.length, __offset: parsed.start });

  const shape = [
    prepared.shape,
    parsed.filters.map((f, i) => `${f.field}:${f.kind}:${f.condition}:${argCounts[i]}`).join(','),
    `${range.start ? 's' : ''}${range.end ? 'e' : ''}`,
    `${parsed.order.field}:${parsed.order.dir}`,
    paged ? 'paged' : 'all',
  ].join('|');
  let shapes = shapesByDb.get(db);
  if (!shapes) shapesByDb.set(db, (shapes = new Map()));
  let statements = shapes.get(shape);
  if (!statements) {
    const keep = shapes.size < MAX_SHAPES;
    statements = buildShape(
      db,
      parsed,
      source,
      prepared,
      select,
      keep ? shapeName(prepared.name, shape) : undefined,
      argCounts,
      range,
      paged,
    );
    if (keep) shapes.set(shape, statements);
  }

  const rows = (await statements.page.execute(values)) as Record<string, unknown>[];
  // Unfiltered, the kept total is asked once and is the filtered count too.
  const first = rows.length ? rows[0] : (await statements.counts.execute(values))[0];
  const total = Number(first[COUNT_FIELDS.total]);
  const counts = { total, filtered: COUNT_FIELDS.filtered in first ? Number(first[COUNT_FIELDS.filtered]) : total };
  const data = rows.map((row) => {
    const { [COUNT_FIELDS.total]: _total, [COUNT_FIELDS.filtered]: _filtered, ...rest } = row;
    return rest as Row;
  });
  return { draw: parsed.draw, recordsTotal: counts.total, recordsFiltered: counts.filtered, data };
}

function buildShape<F extends string>(
  db: Db,
  parsed: ParsedTableRequest,
  source: TableSource<F>,
  prepared: PreparedSource,
  select: Record<string, PgColumn | SQL | SQL.Aliased>,
  name: string | undefined,
  argCounts: number[],
  range: { start: unknown; end: unknown },
  paged: boolean,
): ShapeStatements {
  const cols = source.columns as Record<string, PgColumn | SQL>;
  // A placeholder binds like the value it stands for: through the column's mapping where Drizzle would use it.
  const bind = (target: PgColumn | SQL, name: string) =>
    encodes(target) ? new Param(sql.placeholder(name), target as PgColumn) : sql.placeholder(name);
  const filters = parsed.filters.map((f, i) =>
    condition(
      f,
      cols[f.field],
      Array.from({ length: argCounts[i] }, (_, j) => bind(cols[f.field], `__f${i}_${j}`)),
    ),
  );
  const dateColumn = source.dateColumn as PgColumn | undefined;
  if (dateColumn && range.start) filters.push(gte(dateColumn, bind(dateColumn, '__range_start')));
  if (dateColumn && range.end) filters.push(lte(dateColumn, bind(dateColumn, '__range_end')));
  const base = and(...source.base.filter(Boolean));
  const filtered = filters.length ? and(...filters) : undefined;

  // The counts ride on every row of the page: a scalar subquery (the kept counter) when nothing is filtered, else
  // one pass over the rows the base selects, joined once.
  const counted = db
    .select({
      total: count().as(COUNT_FIELDS.total),
      filtered: (filtered ? sql<number>`count(*) filter (where ${filtered})` : count()).mapWith(Number).as(COUNT_FIELDS.filtered),
    })
    .from(source.table)
    .where(base);
  // Kept counters where the source has them: the total unfiltered, and the filtered count for the filters it keeps.
  const keptFiltered = filtered && prepared.total && !range.start && !range.end ? prepared.filteredTotal?.(parsed.filters) : undefined;
  const useTotal = (!filtered || keptFiltered) && prepared.total;
  const countsSq = counted.as('__table_counts');
  const totalExpr = useTotal ? sql<number>`(${prepared.total})`.mapWith(Number) : undefined;
  const filteredExpr = keptFiltered ? sql<number>`(${keptFiltered})`.mapWith(Number) : undefined;
  const countFields = totalExpr
    ? { [COUNT_FIELDS.total]: totalExpr, ...(filteredExpr ? { [COUNT_FIELDS.filtered]: filteredExpr } : {}) }
    : { [COUNT_FIELDS.total]: countsSq.total, [COUNT_FIELDS.filtered]: countsSq.filtered };
  const fields = { ...select, ...countFields } as Record<string, PgColumn | SQL | SQL.Aliased>;

  const dir = parsed.order.dir === 'asc' ? asc : desc;
  const order = [dir(cols[parsed.order.field] as PgColumn), dir(source.uniqueColumn)];
  const from = () => {
    const q = db.select(fields).from(source.table).$dynamic();
    return totalExpr ? q : q.crossJoin(countsSq);
  };
  let page;
  if (source.deferredJoin && paged) {
    const keys = db
      .select({ key: source.uniqueColumn })
      .from(source.table)
      .where(and(base, filtered))
      .orderBy(...order)
      .limit(sql.placeholder('__limit') as unknown as number)
      .offset(sql.placeholder('__offset') as unknown as number);
    page = from()
      .where(inArray(source.uniqueColumn, keys))
      .orderBy(...order);
  } else {
    page = from()
      .where(and(base, filtered))
      .orderBy(...order);
    if (paged) page = page.limit(sql.placeholder('__limit') as unknown as number).offset(sql.placeholder('__offset') as unknown as number);
  }
  const counts = totalExpr
    ? db.select(countFields).from(sql`(values (1)) as one`)
    : db
        .select({
          [COUNT_FIELDS.total]: count(),
          [COUNT_FIELDS.filtered]: filtered ? sql<number>`count(*) filter (where ${filtered})`.mapWith(Number) : count(),
        })
        .from(source.table)
        .where(base);
  if (name === undefined) return { page, counts } as unknown as ShapeStatements;
  return {
    page: page.prepare(`${name}_p`) as unknown as ShapeStatements['page'],
    counts: counts.prepare(`${name}_c`) as unknown as ShapeStatements['counts'],
  };
}
