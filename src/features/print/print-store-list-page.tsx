import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlusStoreInfo } from '../../../contract/schemas/plus';
import { endpoints } from '../../../contract/endpoints';
import { useCompanySelection } from '../../platform/company-selection';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { PRINT_STORE_PAGE_SIZES, printEditPath } from './print-constants';

/** /print (plus-signage §2.6): the member's stores, 10 to a page; a row opens the store's label printing. */
export default function PrintStoreListPage() {
  const { t } = useTranslation('print');
  const several = hasSeveralCompanies(useSession());
  const company = useCompanySelection();
  const columns = useMemo(() => {
    const all: (Column<PlusStoreInfo> | false)[] = [
      { field: 'storeName', label: t('stores.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('stores.storeCode'), filter: 'text' },
      several && { field: 'companyCode', label: t('stores.companyCode'), filter: 'text' },
    ];
    return all.filter((c): c is Column<PlusStoreInfo> => Boolean(c));
  }, [t, several]);

  return (
    <Page title={t('stores.title')}>
      <DataTable
        id="print-stores"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.plusStoreList }}
        companyCode={company}
        rowKey={(r) => r.storeCode}
        pageSizes={PRINT_STORE_PAGE_SIZES}
        defaultSort={{ field: 'storeName', dir: 'asc' }}
        rowHref={(r) => printEditPath(r.storeCode)}
      />
    </Page>
  );
}
