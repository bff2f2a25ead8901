import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AliasItem } from '../../../contract/schemas/settings-alias';
import type { Product } from '../../../contract/schemas/products';
import { useDialogs } from '../../ui/dialogs';
import { withLoadingModal } from '../../ui/loading-modal';
import { FormModal, type FormField, type FormTool, type FormValues } from '../../ui/form-modal';
import { initialInfoSlots, nextInfoSlot } from './product-info-slots';
import { useLayoutChoices } from '../label-layouts/use-layout-choices';
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
/** The form's own value (no field shows it): the info slots open, as indices joined by commas. */
const OPEN_SLOTS = 'openSlots';
const openSlotsOf = (values: FormValues) => (values[OPEN_SLOTS] ? values[OPEN_SLOTS].split(',').map(Number) : []);

/**
 * Product create and update (console-admin §2, §5): 'Please enter Product Code' / 'Please enter Layout ID'; a
 * create of a code that exists asks whether to update it (yes sends the update, no stops). "no matching tags"
 * closes normally. The info slots: any of the 255 can be opened with "Add field"; the form opens with the named and
 * filled ones only — the spec's "10 visible by default on create" read with issue 31 §13, which found ten fields
 * with empty "#8 #9 #10" labels where the company names seven.
 */
export function ProductFormModal({ storeCode, alias, opening, onClose }: Props) {
  const { t } = useTranslation('products');
  const dialogs = useDialogs();
  const product = opening?.mode === 'update' ? opening.product : undefined;
  const openAtFirst = useMemo(() => initialInfoSlots(alias, product?.prInfo, !product), [alias, product]);
  // The company's configured layouts (layout config); a free text field when it has none.
  const layouts = useLayoutChoices(useProductStore(storeCode).companyCode, product?.layoutId ?? '');

  const fixed = useMemo<FormField[]>(
    () => [
      { name: 'prCode', label: t('columns.prCode'), required: t('validation.prCode'), readOnly: Boolean(product) },
      {
        name: 'layoutId',
        label: t('columns.layoutId'),
        required: t('validation.layoutId'),
        ...(layouts.length ? { type: 'select' as const, options: [{ value: '', label: '' }, ...layouts] } : {}),
      },
      { name: 'type', label: t('columns.type') },
      { name: 'nfc', label: t('columns.nfc') },
    ],
    [t, product, layouts],
  );
  const fields = useCallback(
    (values: FormValues): FormField[] => [...fixed, ...openSlotsOf(values).map((i) => ({ name: infoName(i), label: slotLabel(alias, i) }))],
    [fixed, alias],
  );
  const initial = useMemo<FormValues>(() => {
    const values: FormValues = {
      prCode: product?.prCode ?? '',
      layoutId: product?.layoutId ?? '',
      type: product?.type ?? '',
      nfc: product?.nfc ?? '',
      [OPEN_SLOTS]: openAtFirst.join(','),
    };
    for (const i of openAtFirst) values[infoName(i)] = product?.prInfo[i] ?? '';
    return values;
  }, [product, openAtFirst]);
  const tools = useMemo<FormTool[]>(
    () => [
      {
        label: t('form.addField'),
        testId: 'product-form-add-field',
        apply: (values) => {
          const open = openSlotsOf(values);
          const next = nextInfoSlot(open);
          if (next === undefined) return values;
          return { ...values, [OPEN_SLOTS]: [...open, next].sort((a, b) => a - b).join(','), [infoName(next)]: '' };
        },
      },
    ],
    [t],
  );

  const submit = async (values: FormValues) => {
    const prCode = values.prCode.trim();
    // spec: admin §4.5 — an existing code asks to update; no stops
    if (!product && (await productExists(storeCode, prCode)) && !(await dialogs.confirm(t('messages.existsUpdate', { code: prCode }))))
      return;
    // The slots past the last open one are not sent; one the product had stays as it was (none: all with a value are open).
    const open = openSlotsOf(values);
    const length = Math.max(product?.prInfo.length ?? 0, open.length ? Math.max(...open) + 1 : 0);
    const prInfo = Array.from({ length }, (_, i) => (open.includes(i) ? (values[infoName(i)] ?? '') : (product?.prInfo[i] ?? '')));
    const answer = await closingOnNoMatch(() =>
      withLoadingModal(t('loading.save'), () =>
        sendProductUpdate(storeCode, [
          {
            prCode,
            layoutId: values.layoutId.trim(),
            prInfo,
            ...(values.type.trim() ? { type: values.type.trim() } : {}),
            ...(values.nfc.trim() ? { nfc: values.nfc.trim() } : {}),
          },
        ]),
      ),
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
      tools={tools}
      onSubmit={submit}
      // console-admin §8: a failed product update (create sends one too) is titled "Modified Error".
      errorTitle={t('messages.modifiedError')}
      onClose={() => onClose(false)}
    />
  );
}
