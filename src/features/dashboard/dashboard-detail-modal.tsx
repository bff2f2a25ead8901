import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../../contract/schemas/dashboard';
import { formatCount } from '../../ui/charts/chart-format';
import { buildDetail, totalRow, type Cell, type DetailTable } from './detail-tables';
import type { DetailKind } from './section-types';

interface Props {
  open: boolean;
  /** Kept after closing so that the content stays while the modal animates out. */
  kind: DetailKind | null;
  answer: Dashboard;
  stores: string[];
  onClose: () => void;
}

/** A section's numbers per store as plain tables; built from the same answer the cards show. */
// spec: core §2.26 — dashboard detail modals
export function DashboardDetailModal({ open, kind, answer, stores, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const detail = kind ? buildDetail(kind, answer, stores, t) : null;
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="dashboard-detail-modal" data-testid="dash-detail">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{detail?.title}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose} data-testid="dash-detail-close">
              {tc('dialog.close')}
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {detail?.tables.map((table) => (
          <Table key={table.key} table={table} total={t('total')} empty={tc('noData')} />
        ))}
      </IonContent>
    </IonModal>
  );
}

const show = (cell: Cell) => (typeof cell === 'number' ? formatCount(cell) : cell);

function Table({ table, total, empty }: { table: DetailTable; total: string; empty: string }) {
  return (
    <div className="dashboard-table-wrap">
      <table className="dashboard-table" data-testid={`dash-detail-${table.key}`}>
        {table.caption && <caption>{table.caption}</caption>}
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.length === 0 && (
            <tr>
              <td colSpan={table.columns.length}>{empty}</td>
            </tr>
          )}
          {table.rows.map((row) => (
            <tr key={row.key} data-key={row.key}>
              {row.cells.map((cell, i) => (
                <td
                  key={table.columns[i].key}
                  className={table.columns[i].numeric ? 'num' : undefined}
                  data-col={table.columns[i].key}
                  data-value={cell}
                >
                  {show(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {table.totals && table.rows.length > 1 && (
          <tfoot>
            <tr>
              {totalRow(table).map((cell, i) => (
                <td key={table.columns[i].key} className={table.columns[i].numeric ? 'num' : undefined} data-col={table.columns[i].key}>
                  {i === 0 ? total : show(cell)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
