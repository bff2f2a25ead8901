import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AliasItem } from '../../api/contract/settings-alias';
import type { Product } from '../../api/contract/products';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { PRODUCT_INFO_VISIBLE } from './product-constants';
import { useLayoutChoices } from '../layout/use-layout-choices';
import { closingOnNoMatch, productExists, sendProductUpdate } from './product-write';
import { slotLabel, useProductStore } from './use-product-store';

export type ProductFormOpening = { mode: 'create' } | { mode: 'update'; product: Product };

interface Props {
  storeCode: string;
  alias: readonly AliasItem[];
  opening: ProductFormOpening | undefined;
  /** changed: the server took the product. */
  onClose: (changed: boolean) => void;
}

const infoName = (i: number) => `info${i}`;

/**
 * Product create and update (console-admin §2, §5): 'Please enter Product Code' / 'Please enter Layout ID'; a
 * create of a code that exists asks whether to update it (yes sends the update, no stops). "no matching tags"
 * closes normally.
 */
export function ProductFormModal({ storeCode, alias, opening, onClose }: Props) {
  const { t } = useTranslation('products');
  const dialogs = useDialogs();
  const product = opening?.mode === 'update' ? opening.product : undefined;
  const slots = Math.max(PRODUCT_INFO_VISIBLE, product?.prInfo.length ?? 0);
  // The company's configured layouts (layout config); a free text field when it has none.
  const layouts = useLayoutChoices(useProductStore(storeCode).companyCode, product?.layoutId ?? '');

  const fields = useMemo<FormField[]>(
    () => [
      { name: 'prCode', label: t('columns.prCode'), required: t('validation.prCode'), readOnly: Boolean(product) },
      { name: 'layoutId', label: t('columns.layoutId'), required: t('validation.layoutId'), ...(layouts.length ? { type: 'select' as const, options: [{ value: '', label: '' }, ...layouts] } : {}) },
      { name: 'type', label: t('columns.type') },
      { name: 'nfc', label: t('columns.nfc') },
      ...Array.from({ length: slots }, (_, i) => ({ name: infoName(i), label: slotLabel(alias, i) })),
    ],
    [t, product, slots, alias, layouts],
  );
  const initial = useMemo<FormValues>(() => {
    const values: FormValues = { prCode: product?.prCode ?? '', layoutId: product?.layoutId ?? '', type: product?.type ?? '', nfc: product?.nfc ?? '' };
    for (let i = 0; i < slots; i++) values[infoName(i)] = product?.prInfo[i] ?? '';
    return values;
  }, [product, slots]);

  const submit = async (values: FormValues) => {
    const prCode = values.prCode.trim();
    if (!product && (await productExists(storeCode, prCode)) && !(await dialogs.confirm(t('messages.existsUpdate', { code: prCode })))) return;
    const prInfo = Array.from({ length: slots }, (_, i) => values[infoName(i)] ?? '');
    const answer = await closingOnNoMatch(() =>
      sendProductUpdate(storeCode, [
        { prCode, layoutId: values.layoutId.trim(), prInfo, ...(values.type.trim() ? { type: values.type.trim() } : {}), ...(values.nfc.trim() ? { nfc: values.nfc.trim() } : {}) },
      ]),
    );
    void dialogs.toast(answer?.message ?? t('messages.saved'), 'success');
    onClose(true);
  };

  return (
    <FormModal
      isOpen={Boolean(opening)}
      title={product ? t('form.updateTitle', { code: product.prCode }) : t('form.createTitle')}
      testId="product-form"
      fields={fields}
      initial={initial}
      onSubmit={submit}
      onClose={() => onClose(false)}
    />
  );
}
