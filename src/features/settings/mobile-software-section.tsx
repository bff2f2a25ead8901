import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_SW_FILE_PATTERN, SOFTWARE_LIST_PAGE_SIZE } from '../../../contract/schemas/constants-admin';
import type { MobileFile } from '../../../contract/schemas/settings';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { DetailCard } from '../../ui/detail-card';
import { FilePickButton } from '../../ui/file-pick-button';
import { withLoadingModal } from '../../ui/loading-modal';
import { useDialogs } from '../../ui/dialogs';
import { formatDateTime } from '../../ui/format-time';
import { saveBlob } from '../../ui/save-blob';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

/**
 * Mobile software files on /setting/server-config (console-admin §2, §4, §8, §9): 10 to a page, upload of
 * mobile_{version_info}.apk, download, activate (one active at a time) and remove — 'Remove S/W failed' when
 * activating or removing fails, 'S/W is removed.' when it worked.
 */
export function MobileSoftwareSection({ writable }: { writable: boolean }) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const list = useCall(endpoints.mobileFileList, {});
  useLogoutOnLoadFailure(list.error);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, failureTitle: string, failureHint = '') => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      await dialogs.error(`${(error as Error).message}${failureHint}`, failureTitle);
    } finally {
      setBusy(false);
      void list.mutate();
    }
  };

  const upload = async (file: File) => {
    if (!MOBILE_SW_FILE_PATTERN.test(file.name)) return dialogs.error(t('mobile.example'), t('mobile.uploadFailed'));
    const form = new FormData();
    form.append('file', file);
    await run(
      async () => {
        const answer = await withLoadingModal(t('loading.mobileUpload'), () => api.call(endpoints.mobileFileUpload, { body: form }));
        void dialogs.toast(t('mobile.uploaded', { version: answer.version ?? file.name }), 'success');
      },
      t('mobile.uploadFailed'),
      `\n${t('mobile.example')}`,
    );
  };

  const download = (row: MobileFile) =>
    run(
      async () => saveBlob(await api.blob(endpoints.mobileFileDownload, { params: { id: row._id } }), `mobile_${row.ver}.apk`),
      t('mobile.download'),
    );

  const activate = (row: MobileFile) =>
    run(async () => {
      await api.call(endpoints.mobileFileActivate, { params: { id: row._id } });
      void dialogs.toast(t('mobile.activated', { version: row.ver }), 'success');
    }, t('mobile.removeFailed'));

  const remove = async (row: MobileFile) => {
    if (!(await dialogs.confirm(t('company.deleteConfirm')))) return;
    await run(async () => {
      await api.call(endpoints.mobileFileRemove, { params: { id: row._id } });
      void dialogs.toast(t('mobile.removed'), 'success');
    }, t('mobile.removeFailed'));
  };

  const columns: Column<MobileFile>[] = [
    { field: 'ver', label: t('mobile.version'), primary: true },
    { field: 'updatedAt', label: t('fields.updatedAt'), render: (row) => formatDateTime(row.updatedAt) },
    {
      field: 'active',
      label: t('mobile.active'),
      render: (row) => <span data-testid="mobile-active">{row.active ? t('mobile.active') : t('mobile.inactive')}</span>,
    },
  ];

  // Download and Activate stay on the row; Remove waits in its menu, last (issue 31 §11, §12). While one file is
  // sent, activated or removed the actions wait (the active one is a single choice across the list).
  const rowActions = (row: MobileFile): (RowActionDef<MobileFile> | false)[] => [
    { label: t('mobile.download'), primary: true, disabled: busy, testId: 'mobile-download', run: download },
    writable && !row.active && { label: t('mobile.activate'), primary: true, disabled: busy, testId: 'mobile-activate', run: activate },
    writable && { label: t('mobile.remove'), color: 'danger', disabled: busy, testId: 'mobile-remove', run: remove },
  ];

  return (
    <DetailCard title={t('mobile.section')} testId="mobile-software" wide>
      {writable && <FilePickButton accept=".apk" label={t('mobile.upload')} onFile={upload} disabled={busy} testId="mobile-upload" />}
      <DataTable
        id="mobile-software"
        columns={columns}
        source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
        rowKey={(row) => row._id}
        pageSizes={[SOFTWARE_LIST_PAGE_SIZE]}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        rowActions={rowActions}
        rowActionsLabel={t('fields.actions')}
      />
    </DetailCard>
  );
}
