import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, ProductTagRow } from '../../api/contract/products';
import type { AliasItem } from '../../api/contract/settings-alias';
import { endpoints } from '../../api/endpoints';
import { DataTable, type Column } from '../../ui/data-table';
import { ModalFrame } from '../../ui/modal-frame';
import { cutText, PRODUCT_INFO_VISIBLE, PRODUCT_TAG_COLUMNS_KEY } from './product-constants';

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

/** The product tag list by code (per store): barcode, layout, prCode and the chosen info columns, 25 a page. */
export function ProductTagListModal({ storeCode, alias, product, onClose }: { storeCode: string; alias: readonly AliasItem[]; product: Product | undefined; onClose: () => void }) {
  const { t } = useTranslation('products');
  const [chosen, setChosen] = useInfoColumns();
  // The configured info fields: the company's aliases, or the first slots when it has none.
  const slots = alias.length ? alias.map((a) => ({ index: a.index, name: a.name })) : Array.from({ length: PRODUCT_INFO_VISIBLE }, (_, i) => ({ index: i, name: `#${i + 1}` }));
  const columns = useMemo<Column<ProductTagRow>[]>(
    () => [
      { field: 'barcode', label: t('columns.barcode'), filter: 'text', primary: true },
      { field: 'layoutId', label: t('columns.layoutId'), filter: 'text' },
      { field: 'prCode', label: t('columns.prCode'), sortable: false },
      ...slots
        .filter((s) => chosen.includes(s.index))
        .map((s) => ({ field: `info-${s.index}`, label: s.name, sortable: false, render: (r: ProductTagRow) => cutText(r.prInfo[s.index]) })),
    ],
    [t, slots, chosen],
  );
  return (
    <ModalFrame isOpen={Boolean(product)} title={t('tagList.title', { code: product?.prCode ?? '' })} onClose={onClose} closeLabel={t('actions.close')} testId="product-tag-list">
      {product && (
        <>
          <fieldset className="product-info-columns" data-testid="product-tag-list-columns">
            <legend>{t('tagList.infoColumns')}</legend>
            {slots.map((s) => (
              <label key={s.index}>
                <input
                  type="checkbox"
                  checked={chosen.includes(s.index)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, s.index].sort((a, b) => a - b) : chosen.filter((n) => n !== s.index))}
                />
                {s.name}
              </label>
            ))}
          </fieldset>
          <DataTable
            id="product-tags"
            columns={columns}
            source={{ kind: 'server', endpoint: endpoints.productTagList, params: { storeCode, prCode: product.prCode } }}
            rowKey={(r) => r.barcode}
            pageSizes={[25]}
          />
        </>
      )}
    </ModalFrame>
  );
}
