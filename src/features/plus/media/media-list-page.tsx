import { useMemo, useState } from 'react';
import { IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_FILES_REPLACE } from '../../../../contract/schemas/constants-plus';
import type { PlusFileAsset } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../../ui/data-table';
import { useDialogs } from '../../../ui/dialogs';
import { FilePickButton } from '../../../ui/file-pick-button';
import { fileSize } from '../../../ui/file-size';
import { formatDateTime } from '../../../ui/format-time';
import { Page } from '../../../ui/page';
import { saveBlob } from '../../../ui/save-blob';
import { useUploadQueue } from '../../../ui/upload-queue';
import { AssetThumb } from './asset-thumb';
import { deviceLines, type MediaKind } from './media-kinds';
import { MediaViewer, type ViewedAsset } from './media-viewer';
import { UploadProgress, uploadPlusFile } from './upload-progress';
import './plus-media.css';
import { useRouteParams } from '../../../ui/use-route-params';

/**
 * /plus/{image|video|widget}/list/{storeCode} (plus-signage §2.2): the store's files of one kind, 25 to a page,
 * thumbnails with a viewer, download (read), upload of up to 10 files with a progress bar each, upload-replace and
 * delete (write). A file that devices still show is not deleted: the devices are listed as "(n) mac (name)".
 */
export function MediaListPage({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation('plusMedia');
  const { storeCode = '' } = useRouteParams();
  const writable = canWrite(useSession(), 'plus');
  const dialogs = useDialogs();
  const uploads = useUploadQueue();
  const [viewed, setViewed] = useState<ViewedAsset>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((n) => n + 1);
  const params = { storeCode, type: kind.type };

  /** New files (up to 10), or the one file that replaces `replacing`. */
  const upload = async (files: File[], replacing?: string) => {
    const limit = replacing ? UPLOAD_MAX_FILES_REPLACE : UPLOAD_MAX_FILES;
    if (files.length > limit) return dialogs.error(t('upload.tooMany', { count: limit }), t('upload.failed'));
    const sent = await uploads.add(files, uploadPlusFile(storeCode, 'other', replacing)).settled;
    reload();
    if (sent.every((f) => f.state === 'done')) {
      uploads.clear();
      void dialogs.toast(t('upload.done'), 'success');
    }
  };

  const download = async (row: PlusFileAsset) => {
    try {
      saveBlob(await api.blob(endpoints.plusAssetFile, { params: { ...params, id: row._id } }), row.name);
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };

  const remove = async (rows: PlusFileAsset[]) => {
    if (!rows.length) return;
    try {
      // The usage check comes first (plus-signage §7): a file devices show is refused before any confirmation.
      if (rows.length === 1) {
        const devices = await api.call(endpoints.plusAssetUsage, { params: { ...params, id: rows[0]._id } });
        if (devices.length) return await dialogs.error(`${t(`inUse.${kind.type}`)}\n${deviceLines(devices)}`);
      }
      if (!(await dialogs.confirm())) return;
      const answer = await api.call(endpoints.plusAssetRemove, { params, body: { idList: rows.map((r) => r._id) } });
      reload();
      if (answer.inUse.length) {
        const names = new Map(rows.map((r) => [r._id, r.name]));
        const lines = answer.inUse.map((u) => `${names.get(u.id) ?? u.id}\n${deviceLines(u.devices)}`).join('\n\n');
        return dialogs.error(`${t(`inUse.${kind.type}`)}\n${lines}`);
      }
      void dialogs.toast(t('removed'), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };

  // spec: plus §2.28, plus §2.29, plus §2.30 — name, thumbnail, updated time, actions (download; replace and delete to writers)
  const columns = useMemo<Column<PlusFileAsset>[]>(() => {
    const all: (Column<PlusFileAsset> | false)[] = [
      { field: 'name', label: t('columns.name'), filter: 'text', primary: true },
      kind.thumbnails && {
        field: 'thumbnail',
        label: t('columns.thumbnail'),
        sortable: false,
        render: (r) => (
          <AssetThumb
            storeCode={storeCode}
            type={kind.type}
            id={r._id}
            name={r.name}
            onOpen={() => setViewed({ type: kind.type, id: r._id, name: r.name })}
          />
        ),
      },
      kind.thumbnails && {
        field: 'dimensions',
        label: t('columns.dimensions'),
        sortable: false,
        render: (r) => <span data-testid="plus-media-dimensions">{r.width && r.height ? `${r.width} × ${r.height}` : '-'}</span>,
      },
      {
        field: 'size',
        label: t('columns.size'),
        sortable: false,
        render: (r) => <span data-testid="plus-media-size">{r.size === undefined ? '-' : fileSize(r.size)}</span>,
      },
      { field: 'updatedAt', label: t('columns.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
    ];
    return all.filter((c): c is Column<PlusFileAsset> => !!c);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when they run
  }, [t, kind, storeCode, writable]);

  const actions = writable ? (
    <FilePickButton
      multiple
      accept={kind.accept}
      label={t('upload.button')}
      icon={<IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />}
      onFiles={(files) => upload(files)}
      testId="plus-media-upload-button"
    />
  ) : undefined;

  // A row keeps Download and Replace; Delete waits, last, in the row's menu (issue 31 §11, §12: three flat buttons,
  // the red one among them). A reader's row has Download alone.
  const rowActions = (r: PlusFileAsset): (RowActionDef<PlusFileAsset> | false)[] => [
    { label: t('download'), primary: true, run: () => download(r), testId: 'plus-media-download' },
    writable && {
      label: t('replace'),
      primary: true,
      file: { accept: kind.accept, onFile: (row, file) => upload([file], row._id) },
      testId: 'plus-media-replace',
    },
    writable && { label: t('delete'), color: 'danger', run: () => remove([r]), testId: 'plus-media-delete' },
  ];

  return (
    <Page title={t(`title.${kind.type}`, { storeCode })} actions={actions}>
      <DataTable
        id={`plus-${kind.type}-list`}
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.plusAssetList, params }}
        rowKey={(r) => r._id}
        pageSizes={[25]}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        selectable={writable}
        rowActions={rowActions}
        actions={writable ? [{ label: t('deleteSelected'), color: 'danger', needsSelection: true, run: (rows) => remove(rows) }] : []}
        reloadToken={reloadToken}
        emptyText={t(`empty.${kind.type}`)}
      />
      <UploadProgress files={uploads.items} onClose={uploads.clear} />
      <MediaViewer storeCode={storeCode} asset={viewed} onClose={() => setViewed(undefined)} />
    </Page>
  );
}
