import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OtaDetailRow } from '../../../contract/schemas/ota';
import { OTA_RESULT } from '../../../contract/schemas/constants-admin';
import { endpoints } from '../../../contract/endpoints';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { hexVersion, OTA_DETAIL_PAGE_SIZES, OTA_REFRESH_MS } from './ota-constants';
import { useRouteParams } from '../../ui/use-route-params';

/** /setting/ota-config/:storeCode/history/:taskId (console-admin §2, §3): one row per tag; result -1 is in progress; versions in hex. */
export default function OtaDetailPage() {
  const { t } = useTranslation('ota');
  const { storeCode = '', taskId = '' } = useRouteParams();
  const resultText = (r: OtaDetailRow) =>
    r.result === OTA_RESULT.inProgress
      ? t('detail.resultInProgress')
      : r.result === OTA_RESULT.updated
        ? t('detail.resultUpdated')
        : t('detail.resultFailed');
  const columns: Column<OtaDetailRow>[] = [
    { field: 'barcode', label: t('detail.barcode'), filter: 'text', primary: true },
    { field: 'tagMac', label: t('detail.tagMac'), filter: 'text' },
    {
      field: 'version',
      label: t('detail.version'),
      filter: 'hex',
      render: (r) => <span data-testid="ota-detail-version">{hexVersion(r.version)}</span>,
    },
    {
      field: 'result',
      label: t('detail.result'),
      filter: 'enum',
      options: [OTA_RESULT.inProgress, OTA_RESULT.updated, OTA_RESULT.failed].map((v) => ({ value: String(v), label: String(v) })),
      render: (r) => (
        <span data-testid="ota-detail-result" data-result={r.result}>
          {r.result} ({resultText(r)})
        </span>
      ),
    },
    { field: 'gwIp', label: t('detail.gwIp'), filter: 'text' },
    { field: 'startTime', label: t('detail.startTime'), render: (r) => formatDateTime(r.startTime) },
    { field: 'endTime', label: t('detail.endTime'), render: (r) => formatDateTime(r.endTime) },
  ];
  return (
    <Page title={t('detailTitle', { taskId, store: storeCode })}>
      <p>
        <Link to="/setting/ota-config">{t('detail.back')}</Link>
      </p>
      <DataTable
        id="ota-detail"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.otaHistoryDetail, params: { storeCode, taskId } }}
        rowKey={(r) => r.tagMac}
        pageSizes={OTA_DETAIL_PAGE_SIZES}
        defaultSort={{ field: 'barcode', dir: 'asc' }}
        dateRange
        refreshInterval={OTA_REFRESH_MS}
      />
    </Page>
  );
}
