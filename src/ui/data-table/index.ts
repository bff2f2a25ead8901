export { DataTable } from './data-table';
export { pageLocally } from './local-table';
export type { Column, DataTableProps, TableAction, TableSource } from './types';
export type { RowTone } from './table-views';
