import { useMemo, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_FILES } from '../../../../contract/schemas/constants-plus';
import type { PlusSoftware } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { DataTable, type Column } from '../../../ui/data-table';
import { useDialogs } from '../../../ui/dialogs';
import { FilePickButton } from '../../../ui/file-pick-button';
import { formatDateTime } from '../../../ui/format-time';
import { ModalFrame } from '../../../ui/modal-frame';
import { useAction } from '../../../ui/use-action';
import { useUploadQueue } from '../../../ui/upload-queue';
import { UploadProgressList, uploadPlusFile } from '../media/upload-progress';
import { PLUS_PAGE_SIZES } from './plus-constants';

export type SoftwareKind = 'sw' | 'launcher';
/** Android packages; the server checks the bytes. */
const PACKAGE_ACCEPT = '.apk,application/vnd.android.package-archive';

/**
 * Upload software / launcher (plus-signage §2.2, §2.7, §4): the store's packages of one kind, an upload of up to 10
 * with a progress bar each, and removal ('S/W is removed.' / 'Remove S/W failed'). The dialog stays open after an
 * upload and reloads the list; the store's devices then install the newer version and report it in the device list.
 */
// spec: plus §2.67 — the file upload modal (software, launcher)
export function PlusSoftwareModal({
  storeCode,
  kind,
  writable,
  onClose,
}: {
  storeCode: string;
  kind: SoftwareKind | undefined;
  writable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('plus');
  const dialogs = useDialogs();
  const uploads = useUploadQueue();
  const [reload, setReload] = useState(0);

  const upload = async (files: File[]) => {
    if (!kind) return;
    if (files.length > UPLOAD_MAX_FILES) return dialogs.error(t('software.tooMany', { count: UPLOAD_MAX_FILES }));
    const sent = await uploads.add(files, uploadPlusFile(storeCode, kind)).settled;
    setReload((n) => n + 1);
    if (sent.every((f) => f.state === 'done')) void dialogs.toast(t('messages.complete'), 'success');
  };

  const act = useAction({ reload: () => setReload((n) => n + 1), failed: t('software.removeFailed') });
  const remove = async (row: PlusSoftware) => {
    if (!kind) return;
    await act({
      confirm: true,
      call: () => api.call(endpoints.plusSoftwareRemove, { params: { storeCode, kind }, body: { idList: [row._id] } }),
      done: t('software.removed'),
    });
  };

  const columns = useMemo<Column<PlusSoftware>[]>(
    () => [
      { field: 'ver', label: t('software.ver'), filter: 'text', primary: true },
      { field: 'model', label: t('software.model'), filter: 'text' },
      { field: 'os', label: t('software.os') },
      { field: 'updatedAt', label: t('software.updatedAt'), render: (r) => formatDateTime(r.updatedAt) },
      ...(writable
        ? [
            {
              field: 'actions',
              label: t('columns.actions'),
              sortable: false,
              render: (r: PlusSoftware) => (
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  aria-label={t('software.remove')}
                  data-testid="plus-software-remove"
                  onClick={() => void remove(r)}
                >
                  <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                </IonButton>
              ),
            },
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- remove reads the latest state when clicked
    [t, writable, kind],
  );

  const close = () => {
    uploads.clear();
    onClose();
  };
  return (
    <ModalFrame
      isOpen={Boolean(kind)}
      title={t(`software.title.${kind ?? 'sw'}`)}
      onClose={close}
      closeLabel={t('screen.close')}
      testId="plus-software"
    >
      {writable && (
        <FilePickButton
          multiple
          accept={PACKAGE_ACCEPT}
          label={t('software.upload')}
          icon={<IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />}
          onFiles={upload}
          testId="plus-software-upload"
        />
      )}
      <UploadProgressList files={uploads.items} />
      {kind && (
        <DataTable
          id={`plus-software-${kind}`}
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.plusSoftwareList, params: { storeCode, kind } }}
          rowKey={(r) => r._id}
          pageSizes={PLUS_PAGE_SIZES}
          defaultSort={{ field: 'updatedAt', dir: 'desc' }}
          reloadToken={reload}
        />
      )}
    </ModalFrame>
  );
}
