import type { TablePage, TableState } from '../../../contract/table';

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return asText(a).localeCompare(asText(b), undefined, { numeric: true });
}

function matches(value: unknown, filter: NonNullable<TableState['filters']>[string]): boolean {
  const wanted = filter.value;
  if (Array.isArray(wanted)) return wanted.map(String).includes(asText(value));
  switch (filter.condition ?? (typeof wanted === 'number' ? '==' : '~')) {
    case '~':
      return asText(value).toLowerCase().includes(asText(wanted).toLowerCase());
    case '==':
      return asText(value) === asText(wanted);
    case '>=':
      return compare(value, wanted) >= 0;
    case '<=':
      return compare(value, wanted) <= 0;
  }
}

/**
 * The table protocol applied in the browser, for lists the page already holds (a store's gateways, the store
 * list): the same filters, sort and paging as the server's, so a screen does not care where its rows live.
 */
export function pageLocally<Row>(rows: readonly Row[], state: TableState): TablePage<Row> {
  const read = (row: Row, field: string) => (row as Record<string, unknown>)[field];
  const filters = Object.entries(state.filters ?? {}).filter(([, f]) => f.value !== '' && !(Array.isArray(f.value) && !f.value.length));
  const kept = rows.filter((row) => filters.every(([field, f]) => matches(read(row, field), f)));
  if (state.sort) {
    const { field, dir } = state.sort;
    kept.sort((a, b) => compare(read(a, field), read(b, field)) * (dir === 'asc' ? 1 : -1));
  }
  const data = state.pageSize < 0 ? kept : kept.slice(state.page * state.pageSize, (state.page + 1) * state.pageSize);
  return { draw: state.draw ?? 1, recordsTotal: rows.length, recordsFiltered: kept.length, data };
}
