import { useMemo, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { PlusTemplateRow } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../../ui/data-table';
import { FilePickButton } from '../../../ui/file-pick-button';
import { formatDateTime } from '../../../ui/format-time';
import { Page } from '../../../ui/page';
import { PLUS_PAGE_SIZES } from '../devices/plus-constants';
import { TemplateCreateModal } from './template-create-modal';
import { templateEditorPath } from './template-paths';
import { useTemplateTransfer } from './template-transfer';
import { useInUseRemove } from './use-in-use-remove';
import { useRouteParams } from '../../../ui/use-route-params';

const JSON_FILES = '.json,application/json';

/**
 * /plus/template/list/{storeCode} (plus-signage §2.2): the store's templates with size and device count; edit
 * (the show editor), download, replace from file and delete per row; create, delete, export and import in the
 * toolbar. Reading needs plus read; everything that changes a template plus write.
 */
export default function PlusTemplateListPage() {
  const { t } = useTranslation('plusTemplates');
  const { storeCode = '' } = useRouteParams();
  const writable = canWrite(useSession(), 'plus');
  const [creating, setCreating] = useState(false);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);
  const remove = useInUseRemove(storeCode, 'template', t('template.inUse'), reload);
  const transfer = useTemplateTransfer(storeCode, reload);

  // spec: plus §2.35, plus §2.36, plus §2.37, plus §2.38 — template columns, row actions and toolbar
  const columns = useMemo<Column<PlusTemplateRow>[]>(
    () => [
      { field: '_id', label: t('template.columns.name'), filter: 'text', primary: true },
      { field: 'size', label: t('template.columns.size') },
      {
        field: 'deviceCount',
        label: t('template.columns.deviceCount'),
        render: (r) => <span data-testid="template-device-count">{r.deviceCount}</span>,
      },
      { field: 'updatedAt', label: t('template.columns.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when they run
    [t, writable, storeCode],
  );

  // Edit and Download stay on the row; Replace (a file pick) and Delete, last, wait in its menu (issue 31 §11, §12:
  // four flat buttons, the red one among them). A reader's row has Download alone.
  const rowActions = (r: PlusTemplateRow): (RowActionDef<PlusTemplateRow> | false)[] => [
    writable && {
      label: t('template.edit'),
      primary: true,
      href: templateEditorPath(storeCode, r._id, 'edit', r.size),
      testId: 'template-edit',
    },
    { label: t('template.download'), primary: true, run: () => transfer.download(r._id), testId: 'template-download' },
    writable && {
      label: t('template.replace'),
      file: { accept: JSON_FILES, onFile: (row, file) => transfer.replaceFrom(row._id, file) },
      testId: 'template-replace',
    },
    writable && { label: t('template.delete'), color: 'danger', run: () => remove([r._id]), testId: 'template-delete' },
  ];

  const actions = writable ? (
    <>
      <IonButton onClick={() => setCreating(true)} data-testid="template-create-button">
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        {t('template.create')}
      </IonButton>
      <FilePickButton accept={JSON_FILES} label={t('template.import')} onFile={transfer.importFile} testId="template-import" />
    </>
  ) : undefined;

  return (
    <Page title={t('template.title', { storeCode })} actions={actions}>
      <DataTable
        id="plus-template-list"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.plusTemplateList, params: { storeCode } }}
        rowKey={(r) => r._id}
        pageSizes={PLUS_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        selectable
        actions={[
          { label: t('template.exportSelected'), needsSelection: true, run: (rows) => transfer.exportSelected(rows.map((r) => r._id)) },
          ...(writable
            ? [
                {
                  label: t('template.deleteSelected'),
                  color: 'danger' as const,
                  needsSelection: true,
                  run: (rows: PlusTemplateRow[]) => remove(rows.map((r) => r._id)),
                },
              ]
            : []),
        ]}
        rowActions={rowActions}
        rowActionsLabel={t('template.columns.actions')}
        reloadToken={reloadToken}
        emptyText={t('template.empty')}
      />
      <TemplateCreateModal storeCode={storeCode} isOpen={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
