/*
 * File assign (console-core §2, §5, §8): a CSV of "tag id,product code" lines and a required default product code
 * for lines without one. A direct call: the file is the user's, the answer (counts) is what they wait for.
 * console-core §8: a CSV or file assign failure is the generic 'Error' dialog (useAssignSubmit's direct call).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonInput, IonItem, IonLabel } from '@ionic/react';
import { tagsEndpoints } from '../../../contract/endpoints/tags';
import { api } from '../../platform/api';
import { AssignFooter } from './assign-fields';
import { fileAssignReady } from './assign-input';
import type { AssignPartProps } from './tag-assign-part';
import { useAssignSubmit } from './use-assign-submit';
import './tag-assign.css';

// spec: core §2.45 — file assign: CSV of tag id then product code, default code required
export function FileAssignForm({ storeCode, onAssigned }: AssignPartProps) {
  const { t } = useTranslation('tagAssign');
  const submit = useAssignSubmit(onAssigned);
  const [file, setFile] = useState<File>();
  const [defaultPrCode, setDefaultPrCode] = useState('');
  const defaultRef = useRef<HTMLIonInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLIonButtonElement>(null);

  const assign = async () => {
    const missing = fileAssignReady(file, defaultPrCode);
    if (missing === 'defaultCode') return submit.refuse(t('messages.enterDefaultCode'), defaultRef.current);
    if (missing === 'file' || !file) return submit.refuse(t('messages.chooseFile'), chooseRef.current);
    const form = new FormData();
    form.set('storeCode', storeCode);
    form.set('defaultPrCode', defaultPrCode.trim());
    form.set('file', file, file.name);
    await submit.direct(
      // The client sends FormData as it is (multipart endpoint); the typed body describes the form's fields.
      () => api.call(tagsEndpoints.tagAssignFile, { body: form as never }),
      (answer) => ({
        text: t('messages.fileAssigned', { assigned: answer.assigned, failed: answer.failed.length }),
        assigned: answer.assigned > 0,
      }),
    );
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
        {/* The browser's own file control, hidden: an outlined button like the fields around it opens it. */}
        <input
          ref={fileRef}
          type="file"
          name="file"
          hidden
          accept=".csv,.txt,text/csv,text/plain"
          aria-label={t('fields.file')}
          onChange={(e) => setFile(e.target.files?.[0] ?? undefined)}
        />
        <div className="file-assign-pick">
          <IonButton ref={chooseRef} fill="outline" onClick={() => fileRef.current?.click()} data-testid="file-assign-choose">
            {t('actions.chooseFile')}
          </IonButton>
          <span data-testid="file-assign-chosen">{file?.name ?? t('fields.noFile')}</span>
        </div>
      </IonItem>
      <IonInput
        ref={defaultRef}
        name="fileDefaultPrCode"
        label={t('fields.defaultPrCode')}
        labelPlacement="stacked"
        // Outlined like the scan fields above it (issue 31 §10): a bare line did not read as a field.
        fill="outline"
        value={defaultPrCode}
        autocomplete="off"
        onIonInput={(e) => setDefaultPrCode(String(e.detail.value ?? ''))}
      />
      <AssignFooter note={submit.note} busy={submit.busy} submitTestId="file-assign-submit" />
    </form>
  );
}
