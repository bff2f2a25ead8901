import type { ReactNode } from 'react';
import type { EndpointDef, ParamsOf } from '../../../contract/endpoints/define';
import type { FieldKind, TablePage, TableState } from '../../../contract/table';
import type { RowTone } from './table-views';

/** One column of a DataTable: the field it shows (and sorts and filters by), its label and how a cell looks. */
export interface Column<Row> {
  field: string;
  /** Already translated. */
  label: string;
  /** The cell; the raw field value as text when absent. */
  render?: (row: Row) => ReactNode;
  /** Offers a filter of this kind on the column (text: ~ or ==; number, hex, date: ==, >=, <=; enum: a choice). */
  filter?: FieldKind;
  /** Choices of an enum filter: value → label. */
  options?: readonly { value: string; label: string }[];
  /** Defaults to true where the source can sort; false keeps the header still. */
  sortable?: boolean;
  /** Hidden until the user picks it in the column chooser. */
  hiddenByDefault?: boolean;
  /** On a phone the card's title; the first column when none says so. */
  primary?: boolean;
}

/**
 * Where rows come from: a table-protocol endpoint paged by the server (the request is built from the table's
 * state plus `extra`, e.g. the storeCode), or rows the page already holds, paged and filtered in the browser.
 */
export type TableSource<Row> =
  | {
      kind: 'server';
      endpoint: EndpointDef;
      params?: ParamsOf<EndpointDef>;
      extra?: Record<string, unknown>;
      /** Rows the answer carries may need mapping (e.g. a wider row type). */
      map?: (row: unknown) => Row;
    }
  | { kind: 'local'; rows: readonly Row[] | undefined; loading?: boolean; error?: string };

/** A toolbar action over the selected rows; `needsSelection` shows the spec's message when nothing is ticked. */
export interface TableAction<Row> {
  label: string;
  icon?: string;
  needsSelection?: boolean;
  color?: 'primary' | 'danger' | 'medium';
  /** On a phone the action waits in the "More actions" menu, so that a long toolbar keeps to one line. */
  more?: boolean;
  run: (selected: Row[]) => void | Promise<void>;
}

/**
 * One action on one row (edit, delete, history…). A table shows two actions or fewer on the row; with more it keeps
 * the `primary` ones (the first when none says so) and offers the rest in the row's "⋯" menu (issue 31 §12). A
 * destructive one (color 'danger') waits in the menu, last, unless it is the row's only action (issue 31 §11).
 */
export interface RowActionDef<Row> {
  /** Already translated: the button's text and accessible name. */
  label: string;
  /** Stays on the row when the others go to the menu. */
  primary?: boolean;
  color?: 'primary' | 'danger' | 'medium';
  /** Shown but not taken, e.g. while another action of the list is under way. */
  disabled?: boolean;
  /** An app path the action opens (a link), instead of `run`. */
  href?: string;
  run?: (row: Row) => void | Promise<void>;
  /**
   * A file-pick action (a replace from file), instead of `run`: the tap opens the browser's file chooser with these
   * types and the chosen file goes to `onFile`. Its hidden input is `testId-input`.
   */
  file?: { accept: string; onFile: (row: Row, file: File) => void | Promise<void> };
  testId?: string;
}

export interface DataTableProps<Row> {
  /** Names the table in the browser's storage (column choice, saved filters). */
  id: string;
  columns: readonly Column<Row>[];
  source: TableSource<Row>;
  rowKey: (row: Row) => string;
  /** The spec's page sizes; -1 means all. The first is the default. */
  pageSizes: readonly number[];
  defaultSort?: TableState['sort'];
  /** Offers a date range over the list's date field (epoch seconds on the wire). */
  dateRange?: boolean;
  companyCode?: string;
  selectable?: boolean;
  actions?: readonly TableAction<Row>[];
  /** Starts a download of what the current filter selects (the table protocol's filter_/condition_ fields). */
  onDownload?: (filter: Record<string, unknown>) => void;
  onRowClick?: (row: Row) => void;
  /**
   * The actions of a row (false entries are left out: an action the member may not take). They get a column of
   * their own, last, that the column chooser does not hide; on a phone a line at the card's foot.
   */
  rowActions?: (row: Row) => readonly (RowActionDef<Row> | false | undefined)[];
  /** The actions column's heading; 'Actions' when absent. */
  rowActionsLabel?: string;
  /**
   * Where a row leads (an app path): its primary cell becomes a real link — keyboard, middle click, open in a new
   * tab — and a click anywhere else on the row follows it (issue 10 finding 9).
   */
  rowHref?: (row: Row) => string;
  /** Colours a row (its text and a bar at its start) by what it is; the tone is also its data-tone. */
  rowTone?: (row: Row) => RowTone | undefined;
  /** Polling period from the spec's constants; also the way a parent asks for a fresh page (`reloadToken`). */
  refreshInterval?: number;
  reloadToken?: number;
  /** Hears the rows of every page shown (e.g. a chart of exactly those rows). */
  onRowsShown?: (rows: readonly Row[]) => void;
  /**
   * The list's load failure is shown, then the member is logged out and the page reloaded (console-core §6,
   * console-admin §8: roles, members, store and the other configuration lists, paper); otherwise it stays inline.
   */
  logoutOnLoadFailure?: boolean;
  /** Shown when the list is empty; defaults to 'No data to display'. */
  emptyText?: string;
}

export type { TablePage, TableState };
