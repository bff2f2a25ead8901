import { useRef, useState } from 'react';
import { IonButton, IonNote } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { StoreMigrateAnswer } from '../../../contract/schemas/settings-store';
import { endpoints } from '../../../contract/endpoints';
import { ModalFrame } from '../../ui/modal-frame';
import { UploadQueueList, useUploadQueue, type SendFiles } from '../../ui/upload-queue';
import { api } from '../../platform/api-client';

interface Props {
  /** The store the files go into; undefined = closed. The confirmation was asked before opening. */
  storeCode: string | undefined;
  onClose: () => void;
}

/**
 * Store migration (console-admin §4, §7, §8): choose the exported files, upload with progress, then the summary —
 * or the answer's error_msg, or 'Migration failed : …' for a refused request. Roles -1 and 0 only (the page asks).
 */
// spec: admin §4.8, admin §8.7 — migration: choose a file, upload with progress, summary; error_msg or "Migration failed : "
export function StoreMigrateModal({ storeCode, onClose }: Props) {
  const { t } = useTranslation('storeConfig');
  const { t: tc } = useTranslation('common');
  return (
    <ModalFrame
      isOpen={Boolean(storeCode)}
      title={t('migration.title', { store: storeCode })}
      onClose={onClose}
      closeLabel={tc('dialog.close')}
      testId="store-migrate-modal"
    >
      {storeCode && <MigrateBody storeCode={storeCode} />}
    </ModalFrame>
  );
}

function MigrateBody({ storeCode }: { storeCode: string }) {
  const { t } = useTranslation('storeConfig');
  const [files, setFiles] = useState<File[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const uploads = useUploadQueue();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();

  /** Every file in one request: the server checks them all before it writes anything. */
  const migrate: SendFiles = async (chosen, report) => {
    const form = new FormData();
    for (const file of chosen) form.append('files', file, file.name);
    let answer: StoreMigrateAnswer;
    try {
      answer = await api.upload(endpoints.storeMigrate, { params: { storeCode }, body: form, onProgress: report.progress });
    } catch (error) {
      throw new Error(t('migration.failed', { message: (error as Error).message }), { cause: error });
    }
    if (answer.error_msg) throw new Error(answer.error_msg);
    return t('migration.summary', { ...answer, lastTaskId: answer.lastTaskId ?? '—' });
  };

  const upload = async () => {
    if (!files.length) {
      setResult({ ok: false, message: t('migration.chooseFile') });
      return;
    }
    setResult(undefined);
    uploads.clear();
    const [first] = await uploads.add(files, migrate, { together: true }).settled;
    setResult({ ok: first.state === 'done', message: first.message ?? '' });
  };

  return (
    <div className="store-migrate">
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        accept=".jsonl,.ndjson,application/x-ndjson,application/json"
        aria-label={t('migration.files')}
        onChange={(e) => setFiles([...(e.target.files ?? [])])}
        data-testid="store-migrate-files"
      />
      <IonButton fill="outline" onClick={() => picker.current?.click()} data-testid="store-migrate-choose">
        {t('migration.choose')}
      </IonButton>
      <p className="store-migrate-chosen" data-testid="store-migrate-chosen">
        {files.length ? files.map((f) => f.name).join(', ') : t('migration.noneChosen')}
      </p>
      <IonButton expand="block" onClick={() => void upload()} disabled={uploads.busy} data-testid="store-migrate-upload">
        {t('migration.upload')}
      </IonButton>
      {/* One line per file, its share of the request's bytes; the answer is the migration's, shown once below. */}
      <UploadQueueList
        items={uploads.items}
        itemTestId="store-migrate-file"
        messages={false}
        stateText={(f, percent) => (f.state === 'sending' ? t('migration.uploading', { percent }) : undefined)}
      />
      {result?.ok && (
        <p role="status" data-testid="store-migrate-summary">
          {result.message}
        </p>
      )}
      {result && !result.ok && (
        <IonNote color="danger" role="alert" data-testid="store-migrate-error">
          {result.message}
        </IonNote>
      )}
    </div>
  );
}
