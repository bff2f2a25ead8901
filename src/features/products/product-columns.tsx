import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IonButton, IonIcon } from '@ionic/react';
import { createOutline, searchOutline } from 'ionicons/icons';
import type { Product } from '../../../contract/schemas/products';
import type { AliasItem } from '../../../contract/schemas/settings-alias';
import type { Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { cutText, productHistoryPath } from './product-constants';
import { infoColumns } from './product-info-columns';

interface Options {
  storeCode: string;
  companyCode: string | undefined;
  alias: readonly AliasItem[];
  /** The info slots offered (useInfoSlots). */
  slots: readonly number[];
  writer: boolean;
  onEdit: (p: Product) => void;
  onView: (p: Product) => void;
  onTags: (p: Product) => void;
}

/**
 * The product list of a store (console-admin §2, §3): code, type, layout, the info slots by alias name (cut at 80
 * characters), NFC, tags, updated; the edit pencil with product write, otherwise the view magnifier.
 */
export function useProductColumns({ storeCode, companyCode, alias, slots, writer, onEdit, onView, onTags }: Options): Column<Product>[] {
  const { t } = useTranslation('products');
  return useMemo(() => {
    // Slots past the first three wait in the column chooser (our choice: the table stays readable).
    const info = infoColumns<Product>(alias, slots, 3);
    return [
      {
        field: 'actions',
        label: t('columns.actions'),
        sortable: false,
        render: (p) => (
          <span className="product-row-actions" onClick={(e) => e.stopPropagation()}>
            {writer ? (
              <IonButton
                size="small"
                fill="clear"
                onClick={() => onEdit(p)}
                aria-label={t('actions.edit', { code: p.prCode })}
                data-testid={`product-edit-${p.prCode}`}
              >
                <IonIcon slot="icon-only" icon={createOutline} />
              </IonButton>
            ) : (
              <IonButton
                size="small"
                fill="clear"
                onClick={() => onView(p)}
                aria-label={t('actions.view', { code: p.prCode })}
                data-testid={`product-view-${p.prCode}`}
              >
                <IonIcon slot="icon-only" icon={searchOutline} />
              </IonButton>
            )}
          </span>
        ),
      },
      { field: 'prCode', label: t('columns.prCode'), filter: 'text', primary: true },
      { field: 'type', label: t('columns.type'), filter: 'text' },
      { field: 'layoutId', label: t('columns.layoutId'), filter: 'text' },
      {
        field: 'prInfo',
        label: t('columns.prInfo'),
        filter: 'text',
        sortable: false,
        hiddenByDefault: true,
        render: (p) => cutText(p.prInfo.filter(Boolean).join(' / ')),
      },
      ...info,
      { field: 'nfc', label: t('columns.nfc'), filter: 'text', hiddenByDefault: true },
      {
        field: 'tagCount',
        label: t('columns.tagCount'),
        filter: 'number',
        render: (p) => (
          <IonButton
            size="small"
            fill="clear"
            disabled={!p.tagCount}
            onClick={(e) => (e.stopPropagation(), onTags(p))}
            data-testid={`product-tags-${p.prCode}`}
          >
            {p.tagCount}
          </IonButton>
        ),
      },
      { field: 'updatedAt', label: t('columns.updatedAt'), filter: 'date', render: (p) => formatDateTime(p.updatedAt) },
      {
        field: 'history',
        label: t('columns.history'),
        sortable: false,
        render: (p) =>
          companyCode && (
            <Link
              to={productHistoryPath(companyCode, storeCode, p.prCode)}
              onClick={(e) => e.stopPropagation()}
              data-testid={`product-history-${p.prCode}`}
            >
              {t('actions.history')}
            </Link>
          ),
      },
    ];
  }, [t, alias, slots, writer, onEdit, onView, onTags, companyCode, storeCode]);
}
