import { useEffect, useMemo, useState } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { buildTableRequest, type TableFilter, type TableState } from '../../../contract/table';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { useDialogs } from '../dialogs';
import { useIsPhone } from '../use-is-phone';
import { TableFilters } from './table-filters';
import { TablePager, TableToolbar } from './table-toolbar';
import { ACTIONS_COLUMN, TableCards, TableGrid } from './table-views';
import { RowActionsCell } from './row-menu';
import type { Column, DataTableProps, RowActionDef, TableAction } from './types';
import { useTableData } from './use-table-data';
import { loadSavedFilters, saveFilters, useColumnChoice } from './use-table-prefs';
import './data-table.css';

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function toColumnDefs<Row>(
  columns: readonly Column<Row>[],
  actions: Pick<DataTableProps<Row>, 'rowActions' | 'rowKey'> & { label: string },
): ColumnDef<Row>[] {
  const defs: ColumnDef<Row>[] = columns.map((c) => ({
    id: c.field,
    header: c.label,
    enableSorting: c.sortable !== false,
    cell: ({ row }) => (c.render ? c.render(row.original) : cellText((row.original as Record<string, unknown>)[c.field])),
  }));
  const { rowActions, rowKey } = actions;
  if (!rowActions) return defs;
  const actionsColumn: ColumnDef<Row> = {
    id: ACTIONS_COLUMN,
    header: actions.label,
    enableSorting: false,
    cell: ({ row }) => {
      const list = rowActions(row.original).filter((a): a is RowActionDef<Row> => Boolean(a));
      return list.length ? <RowActionsCell row={row.original} rowName={rowKey(row.original)} actions={list} /> : null;
    },
  };
  return [...defs, actionsColumn];
}

/**
 * Every list of the console (docs/architecture.md §4): server- or browser-paged rows with the spec's page sizes, sort,
 * per-column filters, a remembered column choice, filters saved for a day, row selection for actions and a
 * download of what the filter selects. A table on a desktop, cards on a phone.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const dialogs = useDialogs();
  const isPhone = useIsPhone();
  const [state, setState] = useState<TableState>(() => ({
    page: 0,
    pageSize: props.pageSizes[0] ?? 25,
    sort: props.defaultSort,
    ...loadSavedFilters(props.id),
  }));
  // Another company (the header's global selection) is another list: start it from its first page.
  const [company, setCompany] = useState(props.companyCode);
  if (company !== props.companyCode) {
    setCompany(props.companyCode);
    setState((s) => ({ ...s, page: 0 }));
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [picked, setPicked] = useState<{ key: string; rows: RowSelectionState }>({ key: '', rows: {} });
  const columnDefaults = useMemo(() => Object.fromEntries(props.columns.map((c) => [c.field, !c.hiddenByDefault])), [props.columns]);
  const { visible, toggle } = useColumnChoice(props.id, columnDefaults);
  const effective = { ...state, companyCode: props.companyCode };
  const data = useTableData(props.source, effective, props.refreshInterval, props.reloadToken);
  // spec: core §6.5, admin §8.3 — a list the spec names logs out on its load failure (the message first)
  useLogoutOnLoadFailure(props.logoutOnLoadFailure ? data.failure : undefined);
  const rows = useMemo(() => data.page?.data ?? [], [data.page]);
  // Screens that draw the rows on screen elsewhere too (the product update history chart) hear of every page.
  const onRowsShown = props.onRowsShown;
  useEffect(() => {
    if (data.page) onRowsShown?.(rows as Row[]);
  }, [rows, data.page, onRowsShown]);
  const { rowActions, rowKey } = props;
  const actionsLabel = props.rowActionsLabel ?? t('table.actions');
  const columnDefs = useMemo(
    () => toColumnDefs(props.columns, { rowActions, rowKey, label: actionsLabel }),
    [props.columns, rowActions, rowKey, actionsLabel],
  );

  // A selection belongs to the rows on screen: a new page, filter or reload starts without one.
  const selectionKey = JSON.stringify([state, props.reloadToken, props.companyCode]);
  const selection = picked.key === selectionKey ? picked.rows : {};

  const table = useReactTable({
    data: rows as Row[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => props.rowKey(row),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: Boolean(props.selectable),
    state: { rowSelection: selection, columnVisibility: visible },
    onRowSelectionChange: (change) => setPicked({ key: selectionKey, rows: typeof change === 'function' ? change(selection) : change }),
  });

  const update = (patch: Partial<TableState>) => setState((s) => ({ ...s, page: 0, ...patch }));
  const onSort = (field: string) =>
    update({ sort: { field, dir: state.sort?.field === field && state.sort.dir === 'asc' ? 'desc' : 'asc' } });
  const onFilters = (filters: Record<string, TableFilter>, dateRange: TableState['dateRange']) => {
    saveFilters(props.id, filters, dateRange);
    update({ filters, dateRange });
  };
  const runAction = async (action: TableAction<Row>) => {
    const selected = table.getSelectedRowModel().rows.map((r) => r.original);
    if (action.needsSelection && !selected.length) return dialogs.error(t('table.noRowSelected'));
    await action.run(selected);
  };
  const download = props.onDownload && (() => props.onDownload!(downloadFilter(effective)));
  const primary = props.columns.find((c) => c.primary)?.field ?? props.columns[0]?.field ?? '';
  const filtered = data.page?.recordsFiltered ?? 0;
  const view = {
    table,
    selectable: props.selectable,
    sort: state.sort,
    onSort,
    onRowClick: props.onRowClick,
    rowHref: props.rowHref,
    rowTone: props.rowTone,
    primary,
  };

  return (
    <section className="data-table-frame" aria-busy={data.loading} data-table-id={props.id}>
      <TableToolbar
        columns={props.columns}
        visible={visible}
        onToggleColumn={toggle}
        actions={props.actions}
        onAction={(a) => void runAction(a)}
        hasFilters={props.columns.some((c) => c.filter) || Boolean(props.dateRange)}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen(!filtersOpen)}
        onDownload={download}
      />
      {filtersOpen && <TableFilters columns={props.columns} state={state} dateRange={props.dateRange} onApply={onFilters} />}
      {data.error && (
        <p className="data-table-error" role="alert">
          {data.error}
        </p>
      )}
      {data.loading && !data.page && <IonSpinner aria-label={t('loading')} />}
      {data.page && !rows.length && <p className="data-table-empty">{props.emptyText ?? t('noData')}</p>}
      {rows.length > 0 && (isPhone ? <TableCards {...view} /> : <TableGrid {...view} />)}
      <TablePager
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={props.pageSizes}
        filtered={filtered}
        onPage={(page) => setState((s) => ({ ...s, page }))}
        onPageSize={(pageSize) => update({ pageSize })}
      />
    </section>
  );
}

/** The current filter in the table protocol's form, as a download's `filter.table` expects it. */
function downloadFilter(state: TableState): Record<string, unknown> {
  const request = buildTableRequest(state);
  return Object.fromEntries(
    Object.entries(request).filter(([k]) => k.startsWith('filter_') || k.startsWith('condition_') || k === 'global_companyCode'),
  );
}
