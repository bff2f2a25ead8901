import type { ReactNode } from 'react';
import './edit-grid.css';

export interface EditColumn<R> {
  key: string;
  /** Already translated; also the label of the cell on a phone card. */
  label: string;
  render: (row: R, position: number) => ReactNode;
  width?: string;
}

interface Props<R> {
  columns: readonly EditColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, position: number) => string | number;
  /** Rows not saved yet are marked at their start. */
  isNew?: (row: R) => boolean;
  testId: string;
  /** Already translated; shown instead of an empty table. */
  empty: string;
  caption?: string;
}

/**
 * A table of rows edited in place (alias, product type, custom data type and layout editors): the caller renders
 * each cell's control; on a phone every row becomes a card of label + control lines. Paging and server queries
 * belong to DataTable — these lists are a company's whole configuration, edited and saved at once.
 */
export function EditGrid<R>({ columns, rows, rowKey, isNew, testId, empty, caption }: Props<R>) {
  if (!rows.length)
    return (
      <p className="edit-grid-empty" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  return (
    <div className="edit-grid-scroll" tabIndex={0} role="region" aria-label={caption ?? testId}>
      <table className="edit-grid" data-testid={testId}>
        {caption && <caption className="ion-hide">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} style={c.width ? { width: c.width } : undefined} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, position) => (
            <tr key={rowKey(row, position)} className={isNew?.(row) ? 'edit-grid-new' : undefined} data-testid={`${testId}-row`}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.label}>
                  {c.render(row, position)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
