/*
 * File assign (console-core §2, §5, §8): a CSV of "tag id,product code" lines and a required default product code
 * for lines without one. A direct call: the file is the user's, the answer (counts) is what they wait for.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonInput, IonItem, IonLabel, IonNote } from '@ionic/react';
import { tagsEndpoints } from '../../api/endpoints/tags';
import { api } from '../../app/api';
import { feedback } from '../../scan/feedback';
import { useDialogs } from '../../ui/dialogs';
import { fileAssignReady } from './assign-input';
import { isOffline, type AssignPartProps } from './tag-assign-part';

export function FileAssignForm({ storeCode, onAssigned }: AssignPartProps) {
  const { t } = useTranslation('tagAssign');
  const dialogs = useDialogs();
  const [file, setFile] = useState<File>();
  const [defaultPrCode, setDefaultPrCode] = useState('');
  const [note, setNote] = useState<{ tone: 'success' | 'danger'; text: string }>();
  const [busy, setBusy] = useState(false);
  const defaultRef = useRef<HTMLIonInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const refuse = (text: string) => {
    feedback.failure();
    setNote({ tone: 'danger', text });
  };

  const assign = async () => {
    const missing = fileAssignReady(file, defaultPrCode);
    if (missing === 'defaultCode') {
      refuse(t('messages.enterDefaultCode'));
      return void defaultRef.current?.setFocus();
    }
    if (missing === 'file' || !file) {
      refuse(t('messages.chooseFile'));
      return fileRef.current?.focus();
    }
    if (isOffline()) return refuse(t('messages.needsConnection'));
    const form = new FormData();
    form.set('storeCode', storeCode);
    form.set('defaultPrCode', defaultPrCode.trim());
    form.set('file', file, file.name);
    setBusy(true);
    try {
      // The client sends FormData as it is (multipart endpoint); the typed body describes the form's fields.
      const answer = await api.call(tagsEndpoints.tagAssignFile, { body: form as never });
      feedback.success();
      setNote({ tone: 'success', text: t('messages.fileAssigned', { assigned: answer.assigned, failed: answer.failed.length }) });
      if (answer.assigned > 0) onAssigned();
    } catch (error) {
      feedback.failure();
      const message = isOffline(error) ? t('messages.needsConnection') : (error as Error).message;
      setNote({ tone: 'danger', text: message });
      // console-core §8: a CSV or file assign failure is the generic 'Error' dialog.
      await dialogs.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      data-testid="file-assign"
      onSubmit={(e) => {
        e.preventDefault();
        void assign();
      }}
    >
      <IonItem lines="full">
        <IonLabel position="stacked">{t('fields.file')}</IonLabel>
        <input
          ref={fileRef}
          type="file"
          name="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-label={t('fields.file')}
          onChange={(e) => setFile(e.target.files?.[0] ?? undefined)}
        />
      </IonItem>
      <IonInput
        ref={defaultRef}
        name="fileDefaultPrCode"
        label={t('fields.defaultPrCode')}
        labelPlacement="stacked"
        value={defaultPrCode}
        autocomplete="off"
        onIonInput={(e) => setDefaultPrCode(String(e.detail.value ?? ''))}
      />
      {note && (
        <IonNote color={note.tone} role={note.tone === 'danger' ? 'alert' : 'status'} data-testid="assign-note">
          {note.text}
        </IonNote>
      )}
      <IonButton type="submit" expand="block" disabled={busy} data-testid="file-assign-submit">
        {t('actions.assign')}
      </IonButton>
    </form>
  );
}
