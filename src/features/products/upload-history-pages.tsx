import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import type { UploadHistory } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { companyChoices, useCompanySelection } from '../../platform/company-selection';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { RowAction, RowActions } from '../../ui/row-actions';
import { saveBlob } from '../../ui/save-blob';
import {
  cutText,
  PRODUCT_LONG_PAGE_SIZES,
  PRODUCT_PAGE_SIZES,
  UPLOAD_PROGRESS_POLL_MS,
  uploadHistoryDetailPath,
} from './product-constants';
import { ProductUploadModal } from './product-upload-modal';
import './products.css';
import { useRouteParams } from '../../ui/use-route-params';

/** The error text file of an upload: one line per bad row, as the server recorded them. */
const saveErrors = (h: UploadHistory) =>
  saveBlob(
    new Blob([`${h.error.join('\r\n')}\r\n`], { type: 'text/plain;charset=utf-8' }),
    `${h.fileName.replace(/\.[^.]*$/, '')}_errors.txt`,
  );

/** /product/file/upload/history (console-admin §2): product files received, their counts and their bad rows. */
export function UploadHistoryPage() {
  const { t } = useTranslation('products');
  const session = useSession();
  const company = useCompanySelection();
  const uploadCompany = company ?? companyChoices(session)[0]?.code;
  const [uploading, setUploading] = useState(false);
  const [reloadToken, setReloadToken] = useState(0);
  const columns = useMemo<Column<UploadHistory>[]>(
    () => [
      { field: 'fileName', label: t('uploads.fileName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('uploads.store'), filter: 'text', render: (h) => h.storeCode || '—' },
      { field: 'count', label: t('uploads.count'), filter: 'number' },
      { field: 'success', label: t('uploads.success'), sortable: false, render: (h) => h.count - h.error.length },
      {
        field: 'errors',
        label: t('uploads.errors'),
        sortable: false,
        render: (h) =>
          h.error.length ? (
            <RowActions>
              <RowAction color="danger" onClick={() => saveErrors(h)} data-testid={`upload-errors-${h._id}`}>
                {t('uploads.errorFile', { count: h.error.length })}
              </RowAction>
            </RowActions>
          ) : (
            0
          ),
      },
      { field: 'received', label: t('uploads.received'), render: (h) => formatDateTime(h.received) },
      {
        field: 'finished',
        label: t('uploads.finished'),
        sortable: false,
        render: (h) => (h.finished ? formatDateTime(h.finished) : t('uploads.running')),
      },
      {
        field: 'detail',
        label: t('columns.detail'),
        sortable: false,
        render: (h) => (h.dataCount > 0 ? <Link to={uploadHistoryDetailPath(h._id)}>{t('actions.detail')}</Link> : null),
      },
    ],
    [t],
  );
  return (
    <Page
      title={t('uploads.title')}
      actions={
        canWrite(session, 'product') && uploadCompany ? (
          <IonButton onClick={() => setUploading(true)} data-testid="product-upload-open">
            {t('upload.open')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="product-uploads"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.productUploadHistory }}
        rowKey={(h) => h._id}
        pageSizes={PRODUCT_PAGE_SIZES}
        defaultSort={{ field: 'received', dir: 'desc' }}
        dateRange
        companyCode={company}
        // An import in progress shows its rows processed as they grow.
        refreshInterval={UPLOAD_PROGRESS_POLL_MS * 5}
        reloadToken={reloadToken}
      />
      <ProductUploadModal
        companyCode={uploadCompany}
        isOpen={uploading}
        onClose={() => {
          setUploading(false);
          setReloadToken((n) => n + 1);
        }}
      />
    </Page>
  );
}

type UploadedRow = Record<string, unknown> & { _key: string };
const cellText = (v: unknown) => (Array.isArray(v) ? v.join(' | ') : v === null || v === undefined ? '' : String(v));

/** /product/file/upload/history/detail/{historyId}: the rows kept of one upload, a filter on every field (raw keys for secondCode files). */
export function UploadHistoryDetailPage() {
  const { t } = useTranslation('products');
  const { historyId = '' } = useRouteParams();
  const { data, error, isLoading } = useCall(endpoints.productUploadHistoryDetail, { params: { historyId } });
  const rows = useMemo<UploadedRow[] | undefined>(
    () => data?.data.map((r, i) => ({ ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cellText(v)])), _key: String(i) })),
    [data],
  );
  const columns = useMemo<Column<UploadedRow>[]>(() => {
    // Every key any row has, in first-seen order: the file's own columns.
    const keys = [...new Set((data?.data ?? []).flatMap((r) => Object.keys(r)))];
    return keys.map((key, i) => ({
      field: key,
      label: key,
      filter: 'text' as const,
      primary: i === 0,
      render: (r: UploadedRow) =>
        key === 'result' && r[key] !== 'OK' ? (
          <span className="upload-row-error">{cutText(String(r[key]))}</span>
        ) : (
          cutText(String(r[key] ?? ''))
        ),
    }));
  }, [data]);
  return (
    <Page title={t('uploads.detailTitle', { file: data?.fileName ?? historyId })}>
      {data && <p className="product-upload-type">{t('uploads.fileType', { type: data.fileType })}</p>}
      <DataTable
        id={`product-upload-rows-${data?.fileType ?? 'product'}`}
        columns={columns}
        source={{ kind: 'local', rows, loading: isLoading, error: error?.message }}
        rowKey={(r) => r._key}
        pageSizes={PRODUCT_LONG_PAGE_SIZES}
      />
    </Page>
  );
}
