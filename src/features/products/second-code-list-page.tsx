import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondCode } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { useCompanySelection } from '../../platform/company-selection';
import { useSiteProfile } from '../../platform/site-profile';
import { DataTable, type Column } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { PRODUCT_PAGE_SIZES } from './product-constants';

/** The coop site's extra columns, named as the spec names them (console-admin §3 "Second code"). */
const COOP_COLUMNS = [
  'CODICE_TIPO_VENDITA',
  'DATA_INSERIMENTO',
  'DATA_CESSAZIONE',
  'DATA_ELIMINAZIONE',
  'DATA_ACQUISIZIONE',
  'NOME_PROGRAMMA',
  'NOME_OPERATORE',
  'FLG_DB_TRIGGER',
  'DATA_MODIFICA',
] as const;

/** /product/secondCode/list (console-admin §2): prCode and secondCode; the Italian columns through the site profile (NOTES.md 3). */
export default function SecondCodeListPage() {
  const { t } = useTranslation('products');
  const company = useCompanySelection();
  const { productSecondCodes } = useSiteProfile();
  const columns = useMemo<Column<SecondCode>[]>(
    () => [
      { field: 'prCode', label: t('columns.prCode'), filter: 'text', primary: true },
      { field: 'secondCode', label: t('secondCodes.secondCode'), filter: 'text' },
      { field: 'storeCode', label: t('uploads.store'), sortable: false },
      ...(productSecondCodes
        ? COOP_COLUMNS.map((key) => ({ field: key, label: key, sortable: false, render: (r: SecondCode) => r[key] ?? '' }))
        : []),
    ],
    [t, productSecondCodes],
  );
  return (
    <Page title={t('secondCodes.title')}>
      <DataTable
        id={`second-codes-${productSecondCodes ? 'coop' : 'standard'}`}
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.secondCodeList }}
        rowKey={(r) => `${r.storeCode ?? ''}/${r.secondCode}`}
        pageSizes={PRODUCT_PAGE_SIZES}
        defaultSort={{ field: 'prCode', dir: 'asc' }}
        companyCode={company}
      />
    </Page>
  );
}
