import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GatewayDetail } from '../../../contract/schemas/gateways';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { useDownloadTask } from '../../ui/download-task';

/** The spec's download type of a gateway log (console-core §7). */
const GATEWAY_LOG_DOWNLOAD = 1;

/** The gateway detail's actions with the messages of console-core §8. */
export function useGatewayActions(gw: GatewayDetail | undefined) {
  const { t } = useTranslation('store');
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const download = useDownloadTask();

  // spec: core §8.8 — link check: success 'Success'; failure 'Fail' with 'Can't connect to the GW'
  const checkLink = useCallback(async () => {
    if (!gw) return;
    try {
      const answer = await api.call(endpoints.checkLinkGateway, { params: { gwMac: gw.gwMac } });
      if (answer.success) void dialogs.toast(t('actions.linkOk'), 'success');
      else await dialogs.error(t('actions.linkFail'), t('actions.linkFailTitle'));
    } catch {
      await dialogs.error(t('actions.linkFail'), t('actions.linkFailTitle'));
    }
  }, [gw, dialogs, t]);

  const reboot = useCallback(async () => {
    if (!gw || !(await dialogs.confirm())) return;
    try {
      const answer = await api.call(endpoints.gatewayReboot, { params: { gwMac: gw.gwMac } });
      if (answer.success) void dialogs.toast(t('actions.rebootOk'), 'success');
      else await dialogs.error(t('actions.rebootFail'));
    } catch {
      await dialogs.error(t('actions.rebootFail'));
    }
  }, [gw, dialogs, t]);

  // spec: core §8.7 — a failed download (start or task) is 'Error' with its message and polling stops (ui/download-task.ts)
  const downloadLog = useCallback(async () => {
    if (!gw) return;
    if (gw.status === 'OFFLINE') return dialogs.error(t('actions.logOffline'));
    await download.start({ type: GATEWAY_LOG_DOWNLOAD, storeCode: gw.storeCode, filter: { gwMac: gw.gwMac } });
  }, [gw, dialogs, download, t]);

  // spec: core §8.11 — a failed gateway delete shows the server message
  const remove = useCallback(async () => {
    if (!gw || !(await dialogs.confirm())) return;
    try {
      await api.call(endpoints.gatewayDelete, { params: { storeCode: gw.storeCode, gwMac: gw.gwMac } });
      void dialogs.toast(t('actions.deleted', { gw: gw.gwMac }), 'success');
      navigate(`/store/detail/${encodeURIComponent(gw.storeCode)}`, { replace: true });
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  }, [gw, dialogs, navigate, t]);

  return { checkLink, reboot, downloadLog, downloading: download.running, remove };
}
