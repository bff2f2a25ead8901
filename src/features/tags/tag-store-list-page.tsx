import { useMemo } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { DOWNLOAD_TYPE } from '../../../contract/schemas/constants-core';
import { useTranslation } from 'react-i18next';
import type { StoreTagRow } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { useCompanySelection } from '../../platform/company-selection';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { useDownloadTask } from '../../ui/download-task';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { HealthBadge } from '../../ui/status-badge';
import { TAG_STORE_LIST_PAGE_SIZES } from './tag-constants';

const number = (value: number | undefined) => (value ?? 0).toLocaleString();

/**
 * /tag (console-core §2 Tag status): every store the member sees (of the globally selected company, if any) with its
 * tag stats; a row opens its tag list.
 */
export default function TagStoreListPage() {
  const { t } = useTranslation('tags');
  const session = useSession();
  const several = hasSeveralCompanies(session);
  // The header's global company selection narrows the list on the server (global_companyCode).
  const company = useCompanySelection();
  // Download type 5 (console-core §7) is company-wide: the selected company, or the member's only one.
  const onlyCompany = Object.keys(session?.companyInfo ?? {});
  const downloadCompany = company ?? (onlyCompany.length === 1 ? onlyCompany[0] : undefined);
  const download = useDownloadTask();
  const columns = useMemo(() => {
    const all: (Column<StoreTagRow> | false)[] = [
      { field: 'storeName', label: t('stores.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('stores.storeCode'), filter: 'text' },
      several && { field: 'companyName', label: t('stores.companyName'), filter: 'text' },
      { field: 'status', label: t('stores.status'), render: (r) => <HealthBadge status={r.status} /> },
      { field: 'total', label: t('stores.total'), render: (r) => <span data-value={r.total}>{number(r.total)}</span> },
      { field: 'success', label: t('stores.success'), render: (r) => <span data-value={r.success}>{number(r.success)}</span> },
      { field: 'inprogress', label: t('stores.inprogress'), render: (r) => <span data-value={r.inprogress}>{number(r.inprogress)}</span> },
      { field: 'error', label: t('stores.error'), render: (r) => <span data-value={r.error}>{number(r.error)}</span> },
      {
        field: 'lowBattery',
        label: t('stores.lowBattery'),
        sortable: false,
        render: (r) => <span data-value={r.lowBattery ?? 0}>{number(r.lowBattery)}</span>,
      },
      {
        field: 'todayUpdated',
        label: t('stores.todayUpdated'),
        render: (r) => <span data-value={r.todayUpdated}>{number(r.todayUpdated)}</span>,
      },
      { field: 'updatedAt', label: t('stores.updatedAt'), sortable: false, render: (r) => formatDateTime(r.updatedAt) },
    ];
    return all.filter((c): c is Column<StoreTagRow> => Boolean(c));
  }, [t, several]);

  return (
    <Page
      title={t('stores.title')}
      actions={
        downloadCompany && (
          <IonButton
            disabled={download.running}
            onClick={() => void download.start({ type: DOWNLOAD_TYPE.COMPANY_TAGS, filter: { companyCode: downloadCompany } })}
            data-testid="company-tags-download"
          >
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
            {t('stores.companyDownload')}
          </IonButton>
        )
      }
    >
      <DataTable
        id="tag-stores"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.statusPaginationTag }}
        rowKey={(r) => r.storeCode}
        pageSizes={TAG_STORE_LIST_PAGE_SIZES}
        companyCode={company}
        rowHref={(r) => `/tag/detail/${encodeURIComponent(r.storeCode)}`}
      />
    </Page>
  );
}
