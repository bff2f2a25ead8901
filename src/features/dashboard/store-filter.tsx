import { IonSelect, IonSelectOption } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../../contract/schemas/dashboard';
import { storeOptions, type Selection } from './dashboard-data';

interface StoreFilterProps {
  answer: Dashboard;
  selection: Selection;
  onChange: (selection: Selection) => void;
}

/**
 * Company and store multi-selects (console-core §2). Nothing selected means everything. The company select shows
 * only when the member sees more than one company (console-core §6); choosing companies narrows the stores.
 */
// spec: core §2.24 — store and company multi-selects
export function StoreFilter({ answer, selection, onChange }: StoreFilterProps) {
  const { t } = useTranslation('dashboard');
  const companies = Object.entries(answer.companyDict).sort((a, b) => a[1].localeCompare(b[1]));
  const stores = storeOptions(answer, selection.companies);
  const common = {
    multiple: true,
    interface: 'alert',
    okText: t('filter.ok'),
    cancelText: t('filter.cancel'),
    labelPlacement: 'stacked',
    fill: 'outline',
  } as const;
  return (
    <div className="dashboard-filter">
      {companies.length > 1 && (
        <IonSelect
          {...common}
          label={t('filter.companies')}
          placeholder={t('filter.allCompanies')}
          value={selection.companies}
          data-testid="dash-company-select"
          data-handover="dash-company-select"
          onIonChange={(e) => {
            const chosen = (e.detail.value as string[] | undefined) ?? [];
            // Stores of companies no longer chosen leave the store selection too.
            const keep = new Set(storeOptions(answer, chosen).map((s) => s.code));
            onChange({ companies: chosen, stores: selection.stores.filter((c) => keep.has(c)) });
          }}
        >
          {companies.map(([code, name]) => (
            <IonSelectOption key={code} value={code}>
              {name}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
      <IonSelect
        {...common}
        label={t('filter.stores')}
        placeholder={t('filter.allStores')}
        value={selection.stores}
        data-testid="dash-store-select"
        data-handover="dash-store-select"
        onIonChange={(e) => onChange({ ...selection, stores: (e.detail.value as string[] | undefined) ?? [] })}
      >
        {stores.map((s) => (
          <IonSelectOption key={s.code} value={s.code}>
            {`${s.name} (${s.code})`}
          </IonSelectOption>
        ))}
      </IonSelect>
    </div>
  );
}
