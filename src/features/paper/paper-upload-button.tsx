import { IonIcon } from '@ionic/react';
import { cloudUploadOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FilePickButton } from '../../ui/file-pick-button';

/**
 * Upload of a paper file for one store (console-admin §2, §5 one file at a time): the server answers with the print
 * task it started and the rows it skipped; a refused file shows the server's message (§8).
 */
export function PaperUploadButton({ storeCode, onUploaded }: { storeCode: string; onUploaded: (taskId: string) => void }) {
  const { t } = useTranslation('paper');
  const dialogs = useDialogs();

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      const answer = await api.call(endpoints.paperUpload, { params: { storeCode }, body: form as never });
      onUploaded(answer.taskId);
      const message = answer.error.length
        ? t('tasks.uploadedWithErrors', { task: answer.taskId, count: answer.count, errors: answer.error.length })
        : t('tasks.uploaded', { task: answer.taskId, count: answer.count });
      void dialogs.toast(message, answer.error.length ? 'warning' : 'success');
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };

  return (
    <FilePickButton
      accept=".csv,.txt,text/csv,text/plain"
      label={t('tasks.upload')}
      onFile={upload}
      testId="paper-upload"
      size="small"
      icon={<IonIcon icon={cloudUploadOutline} slot="start" aria-hidden="true" />}
    />
  );
}
