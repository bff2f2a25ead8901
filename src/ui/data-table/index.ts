export { DataTable } from './data-table';
export { pageLocally } from './local-table';
export type { Column, DataTableProps, RowActionDef, TableAction, TableSource } from './types';
export { splitRowActions } from './row-menu';
export type { RowTone } from './table-views';
