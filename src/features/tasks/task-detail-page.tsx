import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton } from '@ionic/react';
import type { TaskDetailRow } from '../../../contract/schemas/tasks';
import { endpoints } from '../../../contract/endpoints';
import { useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';
import { Page } from '../../ui/page';
import { TagStatusBadge } from '../../ui/status-badge';
import { ProductImage } from '../products/product-detail-modal';
import { cutText, PRODUCT_INFO_VISIBLE } from '../products/product-constants';
import { slotLabel, useProductStore } from '../products/use-product-store';
import { isPrivilegedRole, TASK_DETAIL_PAGE_SIZES, TASK_REFRESH_MS, taskTypeLabel } from './task-constants';
import './tasks.css';
import { useRouteParams } from '../../ui/use-route-params';

/**
 * /task/detail/{companyCode}/{storeCode}/{taskId}/{taskType} (console-admin §2): the tags of one task with their
 * results; a result that came from a refresh shows its time in red to roles -1 and 0.
 */
export default function TaskDetailPage() {
  const { t } = useTranslation('tasks');
  const { companyCode = '', storeCode = '', taskId = '', taskType = '' } = useRouteParams();
  const session = useSession();
  const privileged = isPrivilegedRole(session?.role_id);
  const { alias } = useProductStore(storeCode);
  // spec: admin §2.11 — task detail preview (ProductImage, turned by Rotate)
  const [previewed, setPreviewed] = useState<TaskDetailRow>();
  const columns = useMemo<Column<TaskDetailRow>[]>(
    () => [
      { field: 'tagId', label: t('columns.tagId'), filter: 'text', primary: true },
      { field: 'prCode', label: t('columns.prCode'), filter: 'text' },
      { field: 'layout', label: t('columns.layout'), filter: 'text' },
      ...Array.from({ length: PRODUCT_INFO_VISIBLE }, (_, i) => ({
        field: `prInfo-${i}`,
        label: slotLabel(alias, i),
        sortable: false,
        hiddenByDefault: i > 2,
        render: (r: TaskDetailRow) => cutText(r.prInfo[i]),
      })),
      {
        field: 'result',
        label: t('columns.result'),
        filter: 'enum',
        options: ['OK', 'NG', 'CANCEL'].map((v) => ({ value: v, label: v })),
        render: (r) =>
          r.result ? (
            <TagStatusBadge status={r.result === 'CANCEL' ? 'DEASSIGN' : (r.result as 'OK' | 'NG')} label={r.result} />
          ) : (
            t('inProgress')
          ),
      },
      // spec: admin §4.2 — refreshed results' time in red for roles -1 and 0
      {
        field: 'updatedAt',
        label: t('columns.updated'),
        render: (r) => (
          <span className={privileged && r.refreshed ? 'task-refreshed' : undefined} data-refreshed={r.refreshed}>
            {formatDateTime(r.updatedAt)}
          </span>
        ),
      },
      {
        field: 'preview',
        label: t('columns.preview'),
        sortable: false,
        render: (r) => (
          <IonButton size="small" fill="outline" onClick={() => setPreviewed(r)} data-testid={`task-preview-${r.tagId}`}>
            {t('actions.preview')}
          </IonButton>
        ),
      },
    ],
    [t, alias, privileged],
  );
  return (
    <Page title={t('detail.title', { task: taskId, type: taskTypeLabel(t, taskType) })}>
      <DataTable
        id="task-detail"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.taskDetailList, params: { storeCode, taskId } }}
        rowKey={(r) => `${r.tagId}/${r.prCode}`}
        pageSizes={TASK_DETAIL_PAGE_SIZES}
        defaultSort={{ field: 'tagId', dir: 'asc' }}
        refreshInterval={TASK_REFRESH_MS}
      />
      <ModalFrame
        isOpen={Boolean(previewed)}
        title={t('detail.preview', { tag: previewed?.tagId ?? '' })}
        onClose={() => setPreviewed(undefined)}
        closeLabel={t('actions.close')}
        testId="task-preview"
      >
        {previewed && (
          <ProductImage
            companyCode={companyCode}
            product={{ prCode: previewed.prCode, prInfo: previewed.prInfo, layoutId: previewed.layout, tagType: [] }}
            testId="task-preview-image"
          />
        )}
      </ModalFrame>
    </Page>
  );
}
