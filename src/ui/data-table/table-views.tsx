import type { Cell, Row as TanRow, Table } from '@tanstack/react-table';
import { flexRender } from '@tanstack/react-table';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { IonCheckbox } from '@ionic/react';
import type { TableState } from '../../../contract/table';

interface ViewProps<Row> {
  table: Table<Row>;
  selectable?: boolean;
  sort?: TableState['sort'];
  onSort: (field: string) => void;
  onRowClick?: (row: Row) => void;
  rowHref?: (row: Row) => string;
  rowTone?: (row: Row) => RowTone | undefined;
  /** The column that names a row: the card's title, and the cell that holds the row's link. */
  primary: string;
}

/** A row's colour by what it is (e.g. the change history's Upload and Delete rows), from the theme's palette. */
/** The id of the row actions' column (DataTable's rowActions): on a card, a line at its foot. */
export const ACTIONS_COLUMN = '__actions';

export type RowTone = 'info' | 'primary' | 'warning' | 'danger' | 'success' | 'medium';

const rowClass = (base: string | undefined, clickable: boolean, tone: RowTone | undefined) =>
  [base, clickable && 'data-table-clickable', tone && `data-table-tone-${tone}`].filter(Boolean).join(' ') || undefined;

/** What a click on a row does: follow its link (rowHref) or call onRowClick — unless it hit a control of its own. */
function rowClickHandler<Row>(row: Row, { onRowClick, rowHref }: Pick<ViewProps<Row>, 'onRowClick' | 'rowHref'>) {
  if (!onRowClick && !rowHref) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    // Ionic's controls draw their native element in a shadow root: a click on one is seen on its host.
    if (
      (event.target as Element).closest(
        'a, button, input, select, label, textarea, ion-button, ion-checkbox, ion-select, ion-item, ion-popover',
      )
    )
      return;
    if (rowHref) event.currentTarget.querySelector<HTMLAnchorElement>('a[data-row-link]')?.click();
    else onRowClick?.(row);
  };
}

/** A cell's content, inside the row's link when it is the primary cell of a row that leads somewhere. */
function CellContent<Row>({
  cell,
  primary,
  rowHref,
}: {
  cell: Cell<Row, unknown>;
  primary: string;
  rowHref?: (row: Row) => string;
}): ReactNode {
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  if (!rowHref || cell.column.id !== primary) return content;
  return (
    <Link to={rowHref(cell.row.original)} className="data-table-row-link" data-row-link="">
      {content}
    </Link>
  );
}

/**
 * A row's selection box: Ionic's checkbox (issue 31 §7), its whole box the target (44 × 44 px on a phone:
 * ui/touch-targets.css), named after the row.
 */
function SelectBox<Row>({ row }: { row: TanRow<Row> }) {
  const { t } = useTranslation('common');
  return (
    <IonCheckbox
      className="data-table-select-box"
      aria-label={t('table.selectRow', { row: row.id })}
      checked={row.getIsSelected()}
      onClick={(e) => e.stopPropagation()}
      onIonChange={(e) => row.toggleSelected(e.detail.checked)}
    />
  );
}

/** The heading's box: the page's rows all at once, half-ticked while some are. */
function SelectPageBox<Row>({ table }: { table: Table<Row> }) {
  const { t } = useTranslation('common');
  const all = table.getIsAllPageRowsSelected();
  return (
    <IonCheckbox
      className="data-table-select-box"
      aria-label={t('table.selectPage')}
      checked={all}
      indeterminate={!all && table.getIsSomePageRowsSelected()}
      onIonChange={(e) => table.toggleAllPageRowsSelected(e.detail.checked)}
    />
  );
}

/** The desktop form: a table with sortable headers (aria-sort tells the direction). */
export function TableGrid<Row>({ table, selectable, sort, onSort, onRowClick, rowHref, rowTone, primary }: ViewProps<Row>) {
  const { t } = useTranslation('common');
  return (
    // Focusable, so that a keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
    <div className="data-table-scroll" tabIndex={0} role="region" aria-label={t('table.scrollRegion')}>
      <table className="data-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selectable && (
                <th className="data-table-select">
                  <SelectPageBox table={table} />
                </th>
              )}
              {group.headers.map((header) => {
                const canSort = header.column.getCanSort();
                const dir = sort?.field === header.column.id ? sort.dir : undefined;
                return (
                  <th key={header.id} aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {canSort ? (
                      <button type="button" className="data-table-sort" onClick={() => onSort(header.column.id)}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-row-key={row.id}
              data-tone={rowTone?.(row.original)}
              className={rowClass(undefined, Boolean(onRowClick ?? rowHref), rowTone?.(row.original))}
              onClick={rowClickHandler(row.original, { onRowClick, rowHref })}
            >
              {selectable && (
                <td className="data-table-select">
                  <SelectBox row={row} />
                </td>
              )}
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-field={cell.column.id}>
                  <CellContent cell={cell} primary={primary} rowHref={rowHref} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The phone form: one card per row, the primary column as its title and the others as label/value pairs. */
export function TableCards<Row>({ table, selectable, onRowClick, rowHref, rowTone, primary }: ViewProps<Row>) {
  return (
    <ul className="data-table-cards">
      {table.getRowModel().rows.map((row) => {
        const cells = row.getVisibleCells();
        const title = cells.find((c) => c.column.id === primary) ?? cells[0];
        const actions = cells.find((c) => c.column.id === ACTIONS_COLUMN);
        return (
          <li
            key={row.id}
            data-row-key={row.id}
            data-tone={rowTone?.(row.original)}
            className={rowClass('data-table-card', Boolean(onRowClick ?? rowHref), rowTone?.(row.original))}
            onClick={rowClickHandler(row.original, { onRowClick, rowHref })}
          >
            <div className="data-table-card-title">
              {selectable && <SelectBox row={row} />}
              {title && <CellContent cell={title} primary={title.column.id} rowHref={rowHref} />}
            </div>
            <dl>
              {cells
                .filter((c) => c !== title && c !== actions)
                .map((cell) => (
                  <div key={cell.id} data-field={cell.column.id}>
                    <dt>{String(cell.column.columnDef.header)}</dt>
                    <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                  </div>
                ))}
            </dl>
            {actions && <div className="data-table-card-actions">{flexRender(actions.column.columnDef.cell, actions.getContext())}</div>}
          </li>
        );
      })}
    </ul>
  );
}
