import { useRef, useState } from 'react';
import { IonButton, IonNote, IonProgressBar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { StoreMigrateAnswer } from '../../api/contract/settings-store';
import { endpoints } from '../../api/endpoints';
import { ModalFrame } from '../../ui/modal-frame';
import { api } from '../../app/api-client';

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
  const [percent, setPercent] = useState<number>();
  const [result, setResult] = useState<{ ok: StoreMigrateAnswer } | { error: string }>();

  const upload = async () => {
    if (!files.length) {
      setResult({ error: t('migration.chooseFile') });
      return;
    }
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    setResult(undefined);
    setPercent(0);
    try {
      const answer = await api.upload(endpoints.storeMigrate, {
        params: { storeCode },
        body: form,
        onProgress: (sent, total) => setPercent(total ? Math.round((sent / total) * 100) : 0),
      });
      setResult(answer.error_msg ? { error: answer.error_msg } : { ok: answer });
    } catch (error) {
      setResult({ error: t('migration.failed', { message: (error as Error).message }) });
    } finally {
      setPercent(undefined);
    }
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
      <IonButton expand="block" onClick={() => void upload()} disabled={percent !== undefined} data-testid="store-migrate-upload">
        {t('migration.upload')}
      </IonButton>
      {percent !== undefined && (
        <>
          <IonProgressBar value={percent / 100} aria-label={t('migration.uploading', { percent })} />
          <p role="status">{t('migration.uploading', { percent })}</p>
        </>
      )}
      {result && 'ok' in result && (
        <p role="status" data-testid="store-migrate-summary">
          {t('migration.summary', { ...result.ok, lastTaskId: result.ok.lastTaskId ?? '—' })}
        </p>
      )}
      {result && 'error' in result && (
        <IonNote color="danger" role="alert" data-testid="store-migrate-error">
          {result.error}
        </IonNote>
      )}
    </div>
  );
}
