import { useTranslation } from 'react-i18next';
import { PRINT_QTY_MAX } from '../../../contract/schemas/constants-plus';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { clampQty, type PrintItem } from './print-list';

interface Props {
  item: PrintItem | undefined;
  onSave: (item: PrintItem) => void;
  onClose: () => void;
}

/**
 * The print update modal (plus-signage §2.7): a label's quantity and the info it prints, changed for this print
 * only — the product itself stays as it is on the server.
 */
// spec: plus §2.67 — the print update modal
export function PrintUpdateModal({ item, onSave, onClose }: Props) {
  const { t } = useTranslation('print');
  const fields: FormField[] = [
    {
      name: 'qty',
      label: t('update.qty'),
      type: 'number',
      inputMode: 'numeric',
      required: t('update.qtyRange', { max: PRINT_QTY_MAX }),
      validate: (v) =>
        /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= PRINT_QTY_MAX ? undefined : t('update.qtyRange', { max: PRINT_QTY_MAX }),
    },
    ...(item?.prInfo ?? []).map((_, i): FormField => ({ name: `info${i}`, label: t('update.info', { n: i + 1 }) })),
  ];
  const initial: FormValues = item ? { qty: String(item.qty), ...Object.fromEntries(item.prInfo.map((v, i) => [`info${i}`, v])) } : {};
  return (
    <FormModal
      isOpen={Boolean(item)}
      title={t('update.title', { code: item?.prCode ?? '' })}
      testId="print-update"
      fields={fields}
      initial={initial}
      submitLabel={t('update.save')}
      onSubmit={async (values) => {
        if (!item) return;
        onSave({ ...item, qty: clampQty(Number(values.qty)), prInfo: item.prInfo.map((_, i) => values[`info${i}`] ?? '') });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
