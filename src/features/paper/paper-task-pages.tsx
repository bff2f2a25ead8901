import { useMemo, useState } from 'react';
import { IonBadge } from '@ionic/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { printResultOf, type PaperTask, type PaperTaskDetail, type PrintResult } from '../../../contract/schemas/paper';
import { endpoints } from '../../../contract/endpoints';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { cutText } from '../products/product-constants';
import { TaskProgress } from '../tasks/task-progress';
import { PAPER_PAGE_SIZES, PAPER_REFRESH_MS, PRINT_RESULT_FILTER, paperTaskDetailPath, usePaperStore } from './paper-constants';
import { PaperUploadButton } from './paper-upload-button';
import './paper.css';
import { useRouteParams } from '../../ui/use-route-params';

const RESULT_COLOUR: Record<PrintResult, string> = { NONE: 'medium', SUCCESS: 'success', FAIL: 'danger' };

/** /paper/task/{storeCode} (console-admin §2): the store's print tasks with progress; paper write may upload a file. */
export function PaperTaskListPage() {
  const { t } = useTranslation('paper');
  const { storeCode = '' } = useRouteParams();
  const session = useSession();
  const { store } = usePaperStore(storeCode);
  const [reloadToken, setReloadToken] = useState(0);
  const columns = useMemo<Column<PaperTask>[]>(
    () => [
      {
        field: 'taskId',
        label: t('columns.taskId'),
        filter: 'text',
        primary: true,
      },
      { field: 'taskDes', label: t('columns.taskDes'), filter: 'text' },
      {
        field: 'progress',
        label: t('columns.progress'),
        filter: 'number',
        render: (r) => <TaskProgress task={{ progress: r.progress, totalTags: r.total, updatedTags: r.complete }} />,
      },
      { field: 'total', label: t('columns.total'), filter: 'number' },
      { field: 'complete', label: t('columns.complete'), filter: 'number' },
      { field: 'updatedAt', label: t('columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
    ],
    [t],
  );
  return (
    <Page
      title={t('tasks.title', { store: store ? `${store.storeName} (${storeCode})` : storeCode })}
      actions={
        canWrite(session, 'paper') ? <PaperUploadButton storeCode={storeCode} onUploaded={() => setReloadToken((n) => n + 1)} /> : undefined
      }
    >
      <DataTable
        id="paper-tasks"
        logoutOnLoadFailure
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.paperTaskList, params: { storeCode } }}
        rowKey={(r) => r.taskId}
        pageSizes={PAPER_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
        reloadToken={reloadToken}
        refreshInterval={PAPER_REFRESH_MS}
        rowHref={(r) => paperTaskDetailPath(storeCode, r.taskId)}
      />
    </Page>
  );
}

/** /paper/task/{storeCode}/{taskId}: one row per label with the printer's answer; the result filter of §5. */
export function PaperTaskDetailPage() {
  const { t } = useTranslation('paper');
  const { storeCode = '', taskId = '' } = useRouteParams();
  const { store } = usePaperStore(storeCode);
  const columns = useMemo<Column<PaperTaskDetail>[]>(
    () => [
      { field: 'prCode', label: t('columns.prCode'), filter: 'text', primary: true },
      {
        field: 'prInfo',
        label: t('columns.prInfo'),
        filter: 'text',
        sortable: false,
        render: (r) => cutText(r.prInfo.filter(Boolean).join(' ')),
      },
      { field: 'printerIp', label: t('columns.printerIp'), filter: 'text' },
      { field: 'printerName', label: t('columns.printerName'), filter: 'text' },
      {
        field: 'result',
        label: t('columns.result'),
        filter: 'enum',
        options: PRINT_RESULT_FILTER.map((r) => ({ value: r, label: t(`result.${r}`) })),
        render: (r) => {
          const result = printResultOf(r.resultCode);
          return (
            <IonBadge color={RESULT_COLOUR[result]} data-result={result}>
              {t(`result.${result}`)}
            </IonBadge>
          );
        },
      },
      { field: 'resultMsg', label: t('columns.resultMsg'), sortable: false, render: (r) => r.resultMsg ?? '' },
      { field: 'printedTime', label: t('columns.printedTime'), render: (r) => formatDateTime(r.printedTime) },
      { field: 'updatedAt', label: t('columns.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
    ],
    [t],
  );
  return (
    <Page title={t('detail.title', { task: taskId, store: store?.storeName ?? storeCode })}>
      <p className="paper-back">
        <Link to={`/paper/task/${encodeURIComponent(storeCode)}`}>{t('detail.back')}</Link>
      </p>
      <DataTable
        id="paper-task-detail"
        logoutOnLoadFailure
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.paperTaskDetail, params: { storeCode, taskId } }}
        rowKey={(r) => r._id ?? `${r.prCode}/${r.updatedAt}`}
        pageSizes={PAPER_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
        refreshInterval={PAPER_REFRESH_MS}
      />
    </Page>
  );
}
