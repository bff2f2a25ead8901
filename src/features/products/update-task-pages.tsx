import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import type { Product, UpdateTaskDetailRow, UpdateTaskRecord } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';
import { Page } from '../../ui/page';
import { TaskTagImage } from '../tasks/task-tag-image';
import { PRODUCT_LONG_PAGE_SIZES, PRODUCT_PAGE_SIZES, updateTaskDetailPath } from './product-constants';
import { ProductImage } from './product-detail-modal';
import { infoColumns, useInfoSlots } from './product-info-columns';
import { ProductTagListModal } from './product-tag-list-modal';
import { useProductStore } from './use-product-store';
import './products.css';
import { useRouteParams } from '../../ui/use-route-params';

/** /product/{storeCode}/update/task/list (console-admin §2): the store's product updates and their tag tasks. */
export function UpdateTaskListPage() {
  const { t } = useTranslation('products');
  const { storeCode = '' } = useRouteParams();
  const { store } = useProductStore(storeCode);
  const columns = useMemo<Column<UpdateTaskRecord>[]>(
    () => [
      {
        field: 'taskId',
        label: t('columns.taskId'),
        filter: 'text',
        primary: true,
        // An internal task id of 0 started no tag task: nothing to link to.
        render: (r) =>
          r.internalTaskId === 0 ? r.taskId : <Link to={updateTaskDetailPath(storeCode, r.updateId, r.taskId)}>{r.taskId}</Link>,
      },
      { field: 'productCount', label: t('columns.productCount'), filter: 'number' },
      { field: 'tagCount', label: t('columns.tagCount'), filter: 'number' },
      { field: 'updatedAt', label: t('columns.updated'), render: (r) => formatDateTime(r.updatedAt) },
      {
        field: 'detail',
        label: t('columns.detail'),
        sortable: false,
        render: (r) => <Link to={updateTaskDetailPath(storeCode, r.updateId, r.taskId)}>{t('actions.detail')}</Link>,
      },
    ],
    [t, storeCode],
  );
  return (
    <Page title={t('updateTasks.title', { store: store?.storeName ?? storeCode })}>
      <DataTable
        id="update-tasks"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.productUpdateTaskList, params: { storeCode } }}
        rowKey={(r) => r.taskId}
        pageSizes={PRODUCT_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
      />
    </Page>
  );
}

/** /product/{storeCode}/{updateId}/{taskId}/update/task/detail: the products of one update; preview, or the tag image in image mode. */
export function UpdateTaskDetailPage() {
  const { t } = useTranslation('products');
  const { storeCode = '', updateId = '', taskId = '' } = useRouteParams();
  const session = useSession();
  // spec: admin §1.0a — imageBaseUpdate: the preview shows the tag image of the row's tag type
  const imageMode = Boolean(session?.systemConfig.imageBaseUpdate);
  const { companyCode, alias } = useProductStore(storeCode);
  const [previewed, setPreviewed] = useState<UpdateTaskDetailRow>();
  const [tagsOf, setTagsOf] = useState<UpdateTaskDetailRow>();
  const { slots, hear } = useInfoSlots(alias);
  const columns = useMemo<Column<UpdateTaskDetailRow>[]>(
    () => [
      { field: 'prCode', label: t('columns.prCode'), filter: 'text', primary: true },
      { field: 'layoutId', label: t('columns.layoutId'), filter: 'text' },
      ...infoColumns<UpdateTaskDetailRow>(alias, slots, 5),
      { field: 'nfc', label: t('columns.nfc'), filter: 'text' },
      { field: 'updatedAt', label: t('columns.updated'), render: (r) => formatDateTime(r.updatedAt) },
      {
        field: 'preview',
        label: t('columns.preview'),
        sortable: false,
        render: (r) => (
          <IonButton size="small" fill="outline" onClick={() => setPreviewed(r)} data-testid={`update-preview-${r.prCode}`}>
            {t('actions.preview')}
          </IonButton>
        ),
      },
      {
        field: 'tags',
        label: t('tagList.tags'),
        sortable: false,
        // The product's tags as this update's task left them: the tag list shows their layoutId (console-admin §2).
        render: (r) => (
          <IonButton size="small" fill="clear" onClick={() => setTagsOf(r)} data-testid={`update-tags-${r.prCode}`}>
            {t('tagList.tags')}
          </IonButton>
        ),
      },
    ],
    [t, alias, slots],
  );
  const asProduct = (r: UpdateTaskDetailRow): Pick<Product, 'prCode' | 'prInfo' | 'layoutId' | 'tagType'> => ({
    prCode: r.prCode,
    prInfo: r.prInfo,
    layoutId: r.layoutId,
    tagType: r.tagType ? [r.tagType] : [],
  });
  return (
    <Page title={t('updateTasks.detailTitle', { task: taskId })}>
      <DataTable
        id="update-task-detail"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.productUpdateTaskDetail, params: { storeCode, updateId } }}
        rowKey={(r) => r.prCode}
        pageSizes={PRODUCT_LONG_PAGE_SIZES}
        defaultSort={{ field: 'prCode', dir: 'asc' }}
        onRowsShown={hear}
      />
      <ProductTagListModal
        storeCode={storeCode}
        alias={alias}
        prCode={tagsOf?.prCode}
        taskId={taskId}
        onClose={() => setTagsOf(undefined)}
      />
      <ModalFrame
        isOpen={Boolean(previewed)}
        title={t('image.title', { code: previewed?.prCode ?? '' })}
        onClose={() => setPreviewed(undefined)}
        closeLabel={t('actions.close')}
        testId="update-preview"
      >
        {previewed &&
          (imageMode && previewed.tagType ? (
            <TaskTagImage storeCode={storeCode} prCode={previewed.prCode} tagType={previewed.tagType} />
          ) : (
            companyCode && <ProductImage companyCode={companyCode} product={asProduct(previewed)} testId="update-preview-image" />
          ))}
      </ModalFrame>
    </Page>
  );
}
