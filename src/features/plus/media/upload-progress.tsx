import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints';
import type { ParamsOf } from '../../../../contract/endpoints/define';
import { api } from '../../../platform/api';
import { ModalFrame } from '../../../ui/modal-frame';
import { UploadQueueList, type SendFiles, type UploadItem } from '../../../ui/upload-queue';

/**
 * Sends one file to the store's Plus files (media, or software / launcher packages); `replacing` is the file it takes
 * the place of. One call per file, so that each has its own progress bar (the server would take up to 10 in one form).
 */
export function uploadPlusFile(storeCode: string, type: ParamsOf<typeof endpoints.plusUpload>['type'], replacing?: string): SendFiles {
  return async ([file], report) => {
    const body = new FormData();
    body.append('file', file);
    await api.upload(endpoints.plusUpload, {
      params: { storeCode, type },
      query: replacing ? { id: replacing } : {},
      body,
      onProgress: report.progress,
    });
  };
}

/** One progress bar per file of a Plus upload: its percent, or 'Upload failed' with the server's message. */
export function UploadProgressList({ files }: { files: readonly UploadItem[] }) {
  const { t } = useTranslation('plusMedia');
  return (
    <UploadQueueList
      items={files}
      itemTestId="plus-media-upload-file"
      stateText={(f, percent) => (f.state === 'failed' ? t('upload.failed') : `${percent}%`)}
    />
  );
}

/** The upload dialog of the media lists; it closes itself when every file is done (plus-signage §4). */
export function UploadProgress({ files, onClose }: { files: readonly UploadItem[]; onClose: () => void }) {
  const { t } = useTranslation('plusMedia');
  return (
    <ModalFrame isOpen={files.length > 0} title={t('upload.title')} onClose={onClose} closeLabel={t('close')} testId="plus-media-upload">
      <UploadProgressList files={files} />
    </ModalFrame>
  );
}
