import { IonItem, IonLabel, IonList, IonNote, IonProgressBar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../ui/modal-frame';

export interface FileProgress {
  name: string;
  /** 0..1 of the bytes sent. */
  sent: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

/** One progress bar per file of an upload, with the server's message for a file it refused. */
export function UploadProgressList({ files }: { files: readonly FileProgress[] }) {
  const { t } = useTranslation('plusMedia');
  return (
    <IonList>
      {files.map((f, i) => (
        <IonItem key={`${i}:${f.name}`} data-testid="plus-media-upload-file" data-state={f.state}>
          <IonLabel>
            <div>{f.name}</div>
            <IonProgressBar
              value={f.state === 'done' ? 1 : f.sent}
              color={f.state === 'failed' ? 'danger' : 'primary'}
              aria-label={f.name}
            />
            {f.error && <IonNote color="danger">{f.error}</IonNote>}
          </IonLabel>
          <IonNote slot="end">
            {f.state === 'failed' ? t('upload.failed') : `${Math.round((f.state === 'done' ? 1 : f.sent) * 100)}%`}
          </IonNote>
        </IonItem>
      ))}
    </IonList>
  );
}

/** The upload dialog of the media lists; it closes itself when every file is done (plus-signage §4). */
export function UploadProgress({ files, onClose }: { files: readonly FileProgress[]; onClose: () => void }) {
  const { t } = useTranslation('plusMedia');
  return (
    <ModalFrame isOpen={files.length > 0} title={t('upload.title')} onClose={onClose} closeLabel={t('close')} testId="plus-media-upload">
      <UploadProgressList files={files} />
    </ModalFrame>
  );
}
