import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import type { Product } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type TableAction } from '../../ui/data-table';
import { withLoadingModal } from '../../ui/loading-modal';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { PRODUCT_LONG_PAGE_SIZES, UPLOAD_HISTORY_PATH, updateTaskListPath } from './product-constants';
import { useProductColumns } from './product-columns';
import { useInfoSlots } from './product-info-columns';
import { ProductControlModal, type ControlKind } from './product-control-modals';
import { ProductDetailModal } from './product-detail-modal';
import { ProductFormModal, type ProductFormOpening } from './product-form-modal';
import { ProductTagListModal } from './product-tag-list-modal';
import { ProductUploadModal } from './product-upload-modal';
import { useProductStore } from './use-product-store';
import './products.css';
import { useRouteParams } from '../../ui/use-route-params';

/** /product/list/{storeCode} (console-admin §2): the products of a store with create, update, LED, page control and removal. */
export default function ProductListPage() {
  const { t } = useTranslation('products');
  const { storeCode = '' } = useRouteParams();
  const session = useSession();
  const writer = canWrite(session, 'product');
  const { store, companyCode, alias } = useProductStore(storeCode);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  const act = useAction({ reload });
  const [form, setForm] = useState<ProductFormOpening>();
  const [viewed, setViewed] = useState<Product>();
  const [tagsOf, setTagsOf] = useState<Product>();
  const [control, setControl] = useState<{ kind: ControlKind; products: Product[] }>();
  const [uploading, setUploading] = useState(false);
  const onEdit = useCallback((product: Product) => setForm({ mode: 'update', product }), []);
  const { slots, hear } = useInfoSlots(alias);
  const columns = useProductColumns({ storeCode, companyCode, alias, slots, writer, onEdit, onView: setViewed, onTags: setTagsOf });

  const actions: TableAction<Product>[] = writer
    ? [
        { label: t('actions.led'), needsSelection: true, run: (rows) => setControl({ kind: 'led', products: rows }) },
        { label: t('actions.page'), needsSelection: true, run: (rows) => setControl({ kind: 'page', products: rows }) },
        {
          label: t('actions.removeUnused'),
          color: 'danger',
          needsSelection: true,
          run: (rows) =>
            act({
              confirm: t('messages.cannotUndo'),
              confirmTitle: t('messages.removeConfirm', { n: rows.length }),
              call: () =>
                withLoadingModal(t('loading.removeUnused'), () =>
                  api.call(endpoints.productRemoveUnused, { body: { storeCode, prCodeList: rows.map((r) => r.prCode) } }),
                ),
              done: (answer) => t('messages.removed', { count: answer.count }),
              // Nothing removed (every product still in use) is a warning, not a success.
              doneColor: (answer) => (answer.count ? 'success' : 'warning'),
            }),
        },
      ]
    : [];

  return (
    <Page
      title={t('list.title', { store: store?.storeName ?? storeCode })}
      actions={
        <>
          <Link to={updateTaskListPath(storeCode)} className="product-header-link" data-testid="product-update-tasks">
            {t('list.updateTasks')}
          </Link>
          <Link to={UPLOAD_HISTORY_PATH} className="product-header-link" data-testid="product-upload-history">
            {t('list.uploadHistory')}
          </Link>
          {writer && companyCode && (
            <IonButton fill="outline" onClick={() => setUploading(true)} data-testid="product-upload-open">
              {t('upload.open')}
            </IonButton>
          )}
          {writer && (
            <IonButton onClick={() => setForm({ mode: 'create' })} data-testid="product-create-open">
              {t('actions.create')}
            </IonButton>
          )}
        </>
      }
    >
      <DataTable
        id="products"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.productList, params: { storeCode } }}
        rowKey={(p) => p.prCode}
        pageSizes={PRODUCT_LONG_PAGE_SIZES}
        defaultSort={{ field: 'prCode', dir: 'asc' }}
        dateRange
        selectable={writer}
        actions={actions}
        reloadToken={reloadToken}
        onRowsShown={hear}
      />
      <ProductFormModal
        storeCode={storeCode}
        alias={alias}
        opening={form}
        onClose={(changed) => {
          setForm(undefined);
          if (changed) reload();
        }}
      />
      <ProductDetailModal companyCode={companyCode ?? ''} alias={alias} product={viewed} onClose={() => setViewed(undefined)} />
      <ProductControlModal storeCode={storeCode} control={control} onClose={() => setControl(undefined)} />
      <ProductTagListModal storeCode={storeCode} alias={alias} prCode={tagsOf?.prCode} onClose={() => setTagsOf(undefined)} />
      <ProductUploadModal
        companyCode={companyCode}
        isOpen={uploading}
        onClose={(changed) => {
          setUploading(false);
          if (changed) reload();
        }}
      />
    </Page>
  );
}
