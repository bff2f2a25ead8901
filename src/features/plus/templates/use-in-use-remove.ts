import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { deviceLines } from '../media/media-kinds';

/**
 * Delete templates or schedules (plus-signage §5): after "Are you sure?", the server removes those no device uses;
 * the kept ones are reported ("Some templates are in use and cannot be deleted." with the devices as
 * "(n) mac (name)"), and the batch still ends with "Complete!".
 */
export function useInUseRemove(storeCode: string, type: 'template' | 'schedule', inUseMessage: string, reload: () => void) {
  const { t } = useTranslation('plusTemplates');
  const dialogs = useDialogs();
  return async (ids: string[]) => {
    if (!ids.length || !(await dialogs.confirm())) return;
    try {
      const answer = await api.call(endpoints.plusAssetRemove, { params: { storeCode, type }, body: { idList: ids } });
      reload();
      if (answer.inUse.length) await dialogs.error(`${inUseMessage}\n${answer.inUse.map((u) => deviceLines(u.devices)).join('\n')}`);
      void dialogs.toast(t('complete'), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };
}
