import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagTypeInStore } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { canRead, useSession } from '../../platform/session';
import { SelectField } from '../../ui/fields';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';

/** Tag types (console-admin §3), flagged in use when their prefix is used in the chosen store of the company. */
export function TagTypeSection({ companyCode }: { companyCode: string | undefined }) {
  const { t } = useTranslation('alias');
  const session = useSession();
  const readable = canRead(session, 'store') && canRead(session, 'product');
  const stores = useCall(endpoints.statusStoreList, readable && companyCode ? { query: { global_companyCode: companyCode } } : null);
  const [chosen, setStore] = useState<string>();
  // The chosen store while it is one of the company's, else the company's first.
  const store = stores.data?.some((s) => s.storeCode === chosen) ? chosen : stores.data?.[0]?.storeCode;
  const tagTypes = useCall(endpoints.tagPrefixList, store ? { params: { storeCode: store } } : null);
  if (!readable) return null;

  const columns: EditColumn<TagTypeInStore>[] = [
    { key: 'prefix', label: t('fields.prefix'), render: (x) => x.prefix },
    { key: 'model', label: t('fields.model'), render: (x) => x.model },
    { key: 'resolution', label: t('fields.resolution'), render: (x) => x.resolution },
    { key: 'inUse', label: t('fields.inUse'), render: (x) => (x.inUse ? t('inUse') : '') },
  ];
  return (
    <section className="alias-section" data-testid="tag-type-section">
      <div className="alias-section-head">
        <h2>{t('tagType.title')}</h2>
        <SelectField
          className="alias-company-picker"
          label={t('tagType.store')}
          value={store ?? ''}
          options={(stores.data ?? []).map((s) => ({
            value: s.storeCode,
            label: s.storeName ? `${s.storeName} (${s.storeCode})` : s.storeCode,
          }))}
          onChange={setStore}
          testId="tag-type-store"
        />
      </div>
      <EditGrid
        columns={columns}
        rows={tagTypes.data ?? []}
        rowKey={(x) => x.prefix}
        testId="tag-types"
        empty={t('tagType.empty')}
        caption={t('tagType.title')}
      />
    </section>
  );
}
