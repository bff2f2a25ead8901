import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, type TableSource } from './data-table';
import { ModalFrame } from './modal-frame';

/** One line of a status detail: what identifies the item (a MAC, a code) and its name. */
export interface StatusDetailRow {
  key: string;
  name: string;
}

export interface StatusDetailModalProps {
  isOpen: boolean;
  /** Already translated: what the rows are ("Offline devices of Shibuya"). */
  title: string;
  /** Already translated labels of the two columns. */
  keyLabel: string;
  nameLabel: string;
  source: TableSource<StatusDetailRow>;
  /** Paging is optional (plus-signage §2.7): without page sizes every row is on one page. */
  pageSizes?: readonly number[];
  testId: string;
  onClose: () => void;
}

/** Every row at once: the table protocol's "all" page size. */
const ALL_ROWS = [-1] as const;

/**
 * The status detail table of plus-signage §2.7: the items behind a status count, in a key column and a name
 * column, optionally paged — a DataTable in the modal frame every dialog uses.
 */
// spec: plus §2.67 — the status detail table: key and name columns, optional paging
export function StatusDetailModal({
  isOpen,
  title,
  keyLabel,
  nameLabel,
  source,
  pageSizes = ALL_ROWS,
  testId,
  onClose,
}: StatusDetailModalProps) {
  const { t } = useTranslation('common');
  // Rows mapped from a server's list have no 'key' or 'name' column the server could sort by: they keep its order.
  const local = source.kind === 'local';
  const columns = useMemo<Column<StatusDetailRow>[]>(
    () => [
      { field: 'key', label: keyLabel, primary: true, sortable: local },
      { field: 'name', label: nameLabel, sortable: local, render: (r) => r.name || '-' },
    ],
    [keyLabel, nameLabel, local],
  );
  return (
    <ModalFrame isOpen={isOpen} title={title} onClose={onClose} closeLabel={t('dialog.close')} testId={testId}>
      <DataTable
        id={`${testId}-table`}
        columns={columns}
        source={source}
        rowKey={(r) => r.key}
        pageSizes={pageSizes}
        defaultSort={local ? { field: 'key', dir: 'asc' } : undefined}
      />
    </ModalFrame>
  );
}
