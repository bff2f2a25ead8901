import { Type, type Static, type TSchema, type TProperties } from 'typebox';

/*
 * The table-query protocol every paged list speaks (docs/architecture.md §3):
 *   draw/start/length paging, order + columns for sorting,
 *   filter_<field> with condition_<field> (~ contains, == equals, >=, <=; a list means "in"),
 *   filter_startDate / filter_endDate in epoch seconds, and global_companyCode.
 * A table declares its filterable fields once; the same declaration builds the request schema (so an unknown
 * filter is a 400), the client's request and the server's SQL whitelist.
 */

export const CONDITIONS = ['~', '==', '>=', '<='] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * text: ~ or ==; number, hex (versions, compared as hexadecimal) and date (epoch seconds, NOTES.md 10) allow
 * >= and <=; enum is == or a list.
 */
export type FieldKind = 'text' | 'number' | 'hex' | 'date' | 'enum' | 'bool';

export interface TableDef<F extends Record<string, FieldKind> = Record<string, FieldKind>> {
  fields: F;
  /** Fields a client may sort by (defaults to every field). */
  sortable: readonly (keyof F & string)[];
  defaultOrder: { field: keyof F & string; dir: 'asc' | 'desc' };
  /** Field that filter_startDate/endDate apply to; absent when the list has no date range. */
  dateField?: string;
}

export function defineTable<const F extends Record<string, FieldKind>>(def: {
  fields: F;
  sortable?: readonly (keyof F & string)[];
  defaultOrder: { field: keyof F & string; dir: 'asc' | 'desc' };
  dateField?: string;
}): TableDef<F> {
  return { ...def, sortable: def.sortable ?? (Object.keys(def.fields) as (keyof F & string)[]) };
}

const FilterScalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number()]);
const FilterValue = Type.Union([FilterScalar, Type.Array(FilterScalar, { maxItems: 500 })]);
const ConditionSchema = Type.Union(CONDITIONS.map((c) => Type.Literal(c)));

/**
 * Request body schema for a table: paging fields, one filter_/condition_ pair per declared field, and the list's
 * extra body fields (e.g. storeCode, tagMacList), validated like the rest. The extras are kept out of the TableDef,
 * which the browser reads for its columns and filters: it holds no schema, so the browser's build carries none.
 */
export function tableRequestSchema<F extends Record<string, FieldKind>>(def: TableDef<F>, extra: TProperties = {}): TSchema {
  const props: TProperties = {
    draw: Type.Optional(Type.Integer({ minimum: 0 })),
    start: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
    length: Type.Integer({ minimum: -1, maximum: 1000 }),
    order: Type.Optional(
      Type.Array(
        Type.Object({ column: Type.Integer({ minimum: 0, maximum: 200 }), dir: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) }),
        { maxItems: 5 },
      ),
    ),
    columns: Type.Optional(
      Type.Array(Type.Object({ data: Type.String({ maxLength: 64 }) }, { additionalProperties: true }), { maxItems: 200 }),
    ),
    global_companyCode: Type.Optional(Type.String({ maxLength: 64 })),
    ...(def.dateField
      ? { filter_startDate: Type.Optional(Type.Integer({ minimum: 0 })), filter_endDate: Type.Optional(Type.Integer({ minimum: 0 })) }
      : {}),
    ...extra,
  };
  for (const field of Object.keys(def.fields)) {
    props[`filter_${field}`] = Type.Optional(FilterValue);
    props[`condition_${field}`] = Type.Optional(ConditionSchema);
  }
  return Type.Object(props, { additionalProperties: false });
}

/** The DataTables-style answer of every table. */
export function tablePageSchema<T extends TSchema>(row: T) {
  return Type.Object({
    draw: Type.Integer(),
    recordsTotal: Type.Integer(),
    recordsFiltered: Type.Integer(),
    data: Type.Array(row),
  });
}
export type TablePage<T> = { draw: number; recordsTotal: number; recordsFiltered: number; data: T[] };

export type FilterScalarValue = Static<typeof FilterScalar>;
export interface TableFilter {
  value: FilterScalarValue | FilterScalarValue[];
  condition?: Condition;
}
export interface TableState {
  draw?: number;
  page: number; // 0-based
  pageSize: number; // -1 = all
  sort?: { field: string; dir: 'asc' | 'desc' };
  filters?: Record<string, TableFilter>;
  /** Date range in epoch seconds. */
  dateRange?: { start?: number; end?: number };
  companyCode?: string;
}

/** Build the wire request the server expects from a table's UI state. Empty filters are left out. */
// spec: core §3.17 — filters sent as filter_* and condition_* parameters
export function buildTableRequest(state: TableState, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const req: Record<string, unknown> = {
    draw: state.draw ?? 1,
    start: state.pageSize < 0 ? 0 : state.page * state.pageSize,
    length: state.pageSize,
    ...extra,
  };
  if (state.sort) {
    req.columns = [{ data: state.sort.field }];
    req.order = [{ column: 0, dir: state.sort.dir }];
  }
  for (const [field, filter] of Object.entries(state.filters ?? {})) {
    const empty = filter.value === '' || (Array.isArray(filter.value) && filter.value.length === 0);
    if (empty) continue;
    req[`filter_${field}`] = filter.value;
    if (filter.condition) req[`condition_${field}`] = filter.condition;
  }
  if (state.dateRange?.start !== undefined) req.filter_startDate = state.dateRange.start;
  if (state.dateRange?.end !== undefined) req.filter_endDate = state.dateRange.end;
  if (state.companyCode) req.global_companyCode = state.companyCode;
  return req;
}

export interface ParsedFilter {
  field: string;
  kind: FieldKind;
  condition: Condition | 'in';
  value: FilterScalarValue | FilterScalarValue[];
}
export interface ParsedTableRequest {
  start: number;
  length: number;
  order: { field: string; dir: 'asc' | 'desc' };
  filters: ParsedFilter[];
  dateRange: { start?: number; end?: number };
  companyCode?: string;
  draw: number;
}

export class TableRequestError extends Error {}

/**
 * Read a validated request against its declaration. Sorting by an undeclared column, a condition that does not
 * fit the field's kind, or a non-number for a number field is the client's mistake (TableRequestError → 400).
 */
export function parseTableRequest<F extends Record<string, FieldKind>>(
  def: TableDef<F>,
  body: Record<string, unknown>,
): ParsedTableRequest {
  const filters: ParsedFilter[] = [];
  for (const [field, kind] of Object.entries(def.fields)) {
    const value = body[`filter_${field}`] as ParsedFilter['value'] | undefined;
    if (value === undefined || value === '') continue;
    const given = body[`condition_${field}`] as Condition | undefined;
    if (Array.isArray(value)) {
      if (value.length) filters.push({ field, kind, condition: 'in', value });
      continue;
    }
    const condition = given ?? (kind === 'text' ? '~' : '==');
    if ((kind === 'text' || kind === 'enum' || kind === 'bool') && (condition === '>=' || condition === '<=')) {
      throw new TableRequestError(`condition ${condition} does not apply to ${field}`);
    }
    if ((kind === 'number' || kind === 'date') && Number.isNaN(Number(value)))
      throw new TableRequestError(`filter_${field} must be a number`);
    if (kind === 'hex' && !/^(0x)?[0-9a-f]+$/i.test(String(value))) throw new TableRequestError(`filter_${field} must be hexadecimal`);
    filters.push({ field, kind, condition, value });
  }
  let order = def.defaultOrder as { field: string; dir: 'asc' | 'desc' };
  const sortable: readonly string[] = def.sortable;
  const requested = (body.order as { column: number; dir: 'asc' | 'desc' }[] | undefined)?.[0];
  if (requested) {
    const field = (body.columns as { data: string }[] | undefined)?.[requested.column]?.data;
    if (!field || !sortable.includes(field)) throw new TableRequestError(`cannot sort by ${field ?? `column ${requested.column}`}`);
    order = { field, dir: requested.dir };
  }
  const start = body.filter_startDate as number | undefined;
  const end = body.filter_endDate as number | undefined;
  if (start !== undefined && end !== undefined && start > end) throw new TableRequestError('filter_startDate is after filter_endDate');
  return {
    draw: (body.draw as number | undefined) ?? 0,
    start: body.start as number,
    length: body.length as number,
    order,
    filters,
    dateRange: { start, end },
    companyCode: (body.global_companyCode as string | undefined) || undefined,
  };
}
