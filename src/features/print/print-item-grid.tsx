import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { PRINT_QTY_MAX } from '../../../contract/schemas/constants-plus';
import { TextField } from '../../ui/fields';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import { clampQty, type PrintItem } from './print-list';

interface Props {
  items: readonly PrintItem[];
  onChange: (item: PrintItem) => void;
  onEdit: (item: PrintItem) => void;
  onRemove: (item: PrintItem) => void;
}

/** The print list: code, the first two info items (name and price in the demo aliases), quantity, edit, remove. */
export function PrintItemGrid({ items, onChange, onEdit, onRemove }: Props) {
  const { t } = useTranslation('print');
  const columns: EditColumn<PrintItem>[] = [
    { key: 'prCode', label: t('edit.columns.prCode'), render: (r) => r.prCode },
    { key: 'name', label: t('edit.columns.name'), render: (r) => r.prInfo[0] ?? '' },
    { key: 'price', label: t('edit.columns.price'), render: (r) => r.prInfo[1] ?? '' },
    {
      key: 'qty',
      label: t('edit.columns.qty'),
      width: '7rem',
      render: (r) => (
        <TextField
          type="number"
          min={1}
          max={PRINT_QTY_MAX}
          value={r.qty}
          label={`${t('edit.columns.qty')} ${r.prCode}`}
          labelHidden
          testId="print-qty"
          onChange={(text) => onChange({ ...r, qty: clampQty(Number(text)) })}
        />
      ),
    },
    {
      key: 'actions',
      label: t('edit.columns.actions'),
      width: '12rem',
      render: (r) => (
        <div className="print-row-actions">
          <IonButton size="small" fill="outline" onClick={() => onEdit(r)} data-testid="print-edit-item">
            {t('edit.edit')}
          </IonButton>
          <IonButton size="small" fill="clear" color="danger" onClick={() => onRemove(r)} data-testid="print-remove-item">
            {t('edit.remove')}
          </IonButton>
        </div>
      ),
    },
  ];
  return (
    <EditGrid
      columns={columns}
      rows={items}
      rowKey={(r) => r.prCode}
      testId="print-items"
      empty={t('edit.empty')}
      caption={t('edit.listCaption')}
    />
  );
}
