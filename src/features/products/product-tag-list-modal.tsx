import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductTagRow } from '../../../contract/schemas/products';
import type { AliasItem } from '../../../contract/schemas/settings-alias';
import { endpoints } from '../../../contract/endpoints';
import { DataTable, type Column } from '../../ui/data-table';
import { ModalFrame } from '../../ui/modal-frame';
import { cutText, PRODUCT_INFO_VISIBLE, PRODUCT_TAG_COLUMNS_KEY } from './product-constants';
import { CheckboxListField } from '../../ui/fields';

/** The info slots the member chose last time (console-admin §2: remembered locally); the first three at first. */
function useInfoColumns(): [number[], (next: number[]) => void] {
  const [chosen, setChosen] = useState<number[]>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(PRODUCT_TAG_COLUMNS_KEY) ?? 'null') as unknown;
      if (Array.isArray(stored) && stored.every((n) => Number.isInteger(n))) return stored as number[];
    } catch {
      // A damaged value is forgotten.
    }
    return [0, 1, 2];
  });
  const save = (next: number[]) => {
    localStorage.setItem(PRODUCT_TAG_COLUMNS_KEY, JSON.stringify(next));
    setChosen(next);
  };
  return [chosen, save];
}

interface Props {
  storeCode: string;
  alias: readonly AliasItem[];
  /** The product whose tags are listed; the modal is open while it is set. */
  prCode: string | undefined;
  /** The task the list is opened from (an update task's detail): only then is the layoutId a column. */
  taskId?: string;
  onClose: () => void;
}

/**
 * The product tag list by code (per store, console-admin §2): barcode, layoutId when a task id is present, prCode
 * and the chosen info columns, 25 a page.
 */
export function ProductTagListModal({ storeCode, alias, prCode, taskId, onClose }: Props) {
  const { t } = useTranslation('products');
  const [chosen, setChosen] = useInfoColumns();
  // The configured info fields: the company's aliases, or the first slots when it has none.
  const slots = alias.length
    ? alias.map((a) => ({ index: a.index, name: a.name }))
    : Array.from({ length: PRODUCT_INFO_VISIBLE }, (_, i) => ({ index: i, name: `#${i + 1}` }));
  const columns = useMemo<Column<ProductTagRow>[]>(
    () => [
      { field: 'barcode', label: t('columns.barcode'), filter: 'text', primary: true },
      ...(taskId ? [{ field: 'layoutId', label: t('columns.layoutId'), filter: 'text' as const }] : []),
      { field: 'prCode', label: t('columns.prCode'), sortable: false },
      ...slots
        .filter((s) => chosen.includes(s.index))
        .map((s) => ({
          field: `info-${s.index}`,
          label: s.name,
          sortable: false,
          render: (r: ProductTagRow) => cutText(r.prInfo[s.index]),
        })),
    ],
    [t, slots, chosen, taskId],
  );
  return (
    <ModalFrame
      isOpen={Boolean(prCode)}
      title={t('tagList.title', { code: prCode ?? '' })}
      onClose={onClose}
      closeLabel={t('actions.close')}
      testId="product-tag-list"
    >
      {prCode && (
        <>
          <CheckboxListField
            label={t('tagList.infoColumns')}
            className="product-info-columns"
            options={slots.map((s) => ({ value: String(s.index), label: s.name }))}
            ticked={chosen.map(String)}
            onChange={(ticked) => setChosen(ticked.map(Number))}
            testId="product-tag-list-columns"
          />
          <DataTable
            id="product-tags"
            columns={columns}
            source={{ kind: 'server', endpoint: endpoints.productTagList, params: { storeCode, prCode } }}
            rowKey={(r) => r.barcode}
            pageSizes={[25]}
          />
        </>
      )}
    </ModalFrame>
  );
}
