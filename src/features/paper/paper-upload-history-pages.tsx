import { useMemo } from 'react';
import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PaperUploadHistory, PaperUploadHistoryDetail } from '../../../contract/schemas/paper';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { useCompanySelection } from '../../platform/company-selection';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { saveBlob } from '../../ui/save-blob';
import { cutText } from '../products/product-constants';
import { slotLabel } from '../products/use-product-store';
import { PAPER_PAGE_SIZES, PAPER_REFRESH_MS, paperTaskDetailPath, paperUploadDetailPath, usePaperStore } from './paper-constants';
import './paper.css';
import { useRouteParams } from '../../ui/use-route-params';

/** The rows a file could not use, as the text file the product upload history offers too (one message per line). */
function ErrorsCell({ row }: { row: PaperUploadHistory }) {
  const { t } = useTranslation('paper');
  if (!row.error.length) return <span>0</span>;
  const name = `${row.fileName.replace(/\.[^.]*$/, '')}_errors.txt`;
  return (
    <IonButton
      size="small"
      fill="clear"
      color="danger"
      onClick={(e) => {
        e.stopPropagation();
        saveBlob(new Blob([`${row.error.join('\n')}\n`], { type: 'text/plain' }), name);
      }}
      data-testid={`paper-errors-${row._id}`}
      title={t('history.downloadErrors')}
    >
      {t('history.errors', { count: row.error.length })}
    </IonButton>
  );
}

/** /paper/upload/history (console-admin §2): the paper files of the member's stores and the task each started. */
export function PaperUploadHistoryPage() {
  const { t } = useTranslation('paper');
  const company = useCompanySelection();
  const columns = useMemo<Column<PaperUploadHistory>[]>(
    () => [
      { field: 'fileName', label: t('columns.fileName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('columns.storeCode'), filter: 'text' },
      {
        field: 'taskId',
        label: t('columns.taskId'),
        filter: 'text',
        render: (r) =>
          r.taskId ? (
            <Link to={paperTaskDetailPath(r.storeCode, r.taskId)} onClick={(e) => e.stopPropagation()}>
              {r.taskId}
            </Link>
          ) : (
            ''
          ),
      },
      { field: 'taskDes', label: t('columns.taskDes'), filter: 'text' },
      { field: 'count', label: t('columns.count'), filter: 'number' },
      { field: 'error', label: t('columns.error'), sortable: false, render: (r) => <ErrorsCell row={r} /> },
      { field: 'received', label: t('columns.received'), render: (r) => formatDateTime(r.received) },
      {
        field: 'finished',
        label: t('columns.finished'),
        sortable: false,
        render: (r) => (r.finished ? formatDateTime(r.finished) : t('history.printing')),
      },
    ],
    [t],
  );
  return (
    <Page title={t('history.title')}>
      <DataTable
        id="paper-upload-history"
        logoutOnLoadFailure
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.paperUploadHistory }}
        rowKey={(r) => r._id}
        pageSizes={PAPER_PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'received', dir: 'desc' }}
        dateRange
        refreshInterval={PAPER_REFRESH_MS}
        rowHref={(r) => paperUploadDetailPath(r._id)}
      />
    </Page>
  );
}

type DetailRow = PaperUploadHistoryDetail['data'][number] & { line: number };

/** /paper/upload/history/detail/{historyId}: the labels the file asked for, one column per product info field. */
export function PaperUploadHistoryDetailPage() {
  const { t } = useTranslation('paper');
  const { historyId = '' } = useRouteParams();
  const detail = useCall(endpoints.paperUploadHistoryDetail, { params: { historyId } });
  useLogoutOnLoadFailure(detail.error);
  const { alias } = usePaperStore(detail.data?.storeCode);
  const rows = useMemo<DetailRow[] | undefined>(() => detail.data?.data.map((r, i) => ({ ...r, line: i + 1 })), [detail.data]);
  const slots = Math.max(0, ...(rows ?? []).map((r) => r.prInfo.length));
  const columns = useMemo<Column<DetailRow>[]>(
    () => [
      { field: 'prCode', label: t('columns.prCode'), filter: 'text', primary: true },
      ...Array.from({ length: slots }, (_, i) => ({
        field: `prInfo-${i}`,
        label: slotLabel(alias, i),
        sortable: false,
        render: (r: DetailRow) => cutText(r.prInfo[i]),
      })),
    ],
    [t, slots, alias],
  );
  return (
    <Page title={t('history.detailTitle', { file: detail.data?.fileName ?? historyId })}>
      <DataTable
        id="paper-upload-detail"
        columns={columns}
        source={{ kind: 'local', rows, loading: detail.isLoading, error: detail.error?.message }}
        rowKey={(r) => String(r.line)}
        pageSizes={PAPER_PAGE_SIZES}
      />
    </Page>
  );
}
