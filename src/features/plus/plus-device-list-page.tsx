import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { IonButton, IonIcon } from '@ionic/react';
import { imageOutline, pinOutline, settingsOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { INFO_VIEW_DURATION, PLUS_DEVICE_FILTER_KEY, PLUS_DEVICE_ONLINE, plusModelLabel } from '../../api/contract/constants-plus';
import type { PlusDevice } from '../../api/contract/plus';
import { endpoints } from '../../api/endpoints';
import { api, useCall } from '../../app/api';
import { canWrite, useSession } from '../../app/session';
import { DataTable, type Column, type TableAction } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { HealthBadge } from '../../ui/status-badge';
import { PLUS_DEVICE_MODES, PLUS_DEVICE_REFRESH_MS, PLUS_PAGE_SIZES } from './plus-constants';
import { PlusDeviceInfoModal } from './plus-device-info-modal';
import { usePrompt } from './plus-prompt';
import { PlusScreenViewer } from './plus-screen-viewer';

/**
 * /plus/device/list/:storeCode (plus-signage §2.2): the store's devices, newest report first, with the device
 * commands the server carries out. The filter is kept under plus_device_filter (the DataTable's id).
 */
export default function PlusDeviceListPage() {
  const { storeCode = '' } = useParams();
  const { t } = useTranslation('plus');
  const session = useSession();
  const writer = canWrite(session, 'plus');
  const dialogs = useDialogs();
  const prompt = usePrompt();
  const store = useCall(endpoints.plusStoreInfo, { params: { storeCode } });
  const [reload, setReload] = useState(0);
  const [infoOf, setInfoOf] = useState<PlusDevice>();
  const [screenOf, setScreenOf] = useState<PlusDevice>();
  const macs = (rows: PlusDevice[]) => rows.map((r) => r.mac);
  const devList = (rows: PlusDevice[]) => rows.map((r) => ({ mac: r.mac }));

  /** Runs a command; 'Complete!' then a fresh page, or the server's message (failMessage when given). */
  const run = async (call: () => Promise<unknown>, done = t('messages.complete'), failMessage?: string) => {
    try {
      await call();
      void dialogs.toast(done, 'success');
      setReload((n) => n + 1);
    } catch (e) {
      await dialogs.error(failMessage ?? (e as Error).message);
    }
  };

  const chooseMode = () => prompt(t('actions.mode'), { kind: 'choice', options: PLUS_DEVICE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) })) });
  const actions = useMemo<TableAction<PlusDevice>[]>(() => {
    if (!writer) return [];
    return [
      {
        label: t('actions.modeAll'),
        run: async () => {
          const mode = await chooseMode();
          if (mode) await run(() => api.call(endpoints.plusSwitchMode, { params: { storeCode }, body: { macList: 'all', mode } }));
        },
      },
      {
        label: t('actions.modeSelected'),
        needsSelection: true,
        run: async (rows) => {
          const mode = await chooseMode();
          if (mode) await run(() => api.call(endpoints.plusSwitchMode, { params: { storeCode }, body: { macList: macs(rows), mode } }));
        },
      },
      {
        label: t('actions.infoView'),
        needsSelection: true,
        run: async (rows) => {
          const text = await prompt(t('actions.infoView'), { kind: 'number', label: t('actions.duration'), ...INFO_VIEW_DURATION });
          if (text === undefined) return;
          const duration = Number(text);
          if (!Number.isInteger(duration) || duration < INFO_VIEW_DURATION.min || duration > INFO_VIEW_DURATION.max) {
            await dialogs.error(t('messages.durationRange'), t('messages.incorrectValue'));
            return;
          }
          await run(() => api.call(endpoints.plusInfoView, { params: { storeCode }, body: { devList: devList(rows), duration } }));
        },
      },
      { label: t('actions.sync'), needsSelection: true, run: (rows) => run(() => api.call(endpoints.plusSync, { params: { storeCode }, body: { devList: devList(rows) } })) },
      {
        label: t('actions.reboot'),
        needsSelection: true,
        color: 'danger',
        run: async (rows) => {
          if (await dialogs.confirm()) await run(() => api.call(endpoints.plusReboot, { params: { storeCode }, body: { devList: devList(rows) } }), undefined, t('messages.removeFailed'));
        },
      },
      {
        label: t('actions.showIdxSet'),
        needsSelection: true,
        run: async (rows) => {
          const text = await prompt(t('actions.showIdxSet'), { kind: 'number', label: t('actions.showIdx'), min: 0, max: 99 });
          if (text === undefined) return;
          const showIdx = Number(text);
          if (!Number.isInteger(showIdx) || showIdx < 0 || showIdx > 99) return void dialogs.error(t('messages.incorrectValue'));
          await run(() => api.call(endpoints.plusShowIdxSet, { params: { storeCode }, body: { macList: macs(rows), showIdx } }));
        },
      },
      { label: t('actions.showIdxUnset'), needsSelection: true, run: (rows) => run(() => api.call(endpoints.plusShowIdxUnset, { params: { storeCode }, body: { macList: macs(rows) } })) },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the commands read the latest state when run
  }, [writer, storeCode, t]);

  const remove = async (d: PlusDevice) => {
    if (!(await dialogs.confirm())) return;
    await run(() => api.call(endpoints.plusDeviceRemove, { params: { storeCode }, body: { macList: [d.mac] } }), t('messages.removed'), t('messages.removeFailed'));
  };

  const columns = useMemo<Column<PlusDevice>[]>(
    () => [
      {
        field: 'mac',
        label: t('columns.mac'),
        filter: 'text',
        primary: true,
        render: (d) => (
          <span className="plus-mac">
            {d.mac}
            {d.showIdx !== null && (
              <IonIcon icon={pinOutline} title={t('columns.pinned', { index: d.showIdx })} aria-label={t('columns.pinned', { index: d.showIdx })} data-testid="plus-pin" />
            )}
          </span>
        ),
      },
      { field: 'name', label: t('columns.name'), filter: 'text' },
      { field: 'model', label: t('columns.size'), render: (d) => plusModelLabel(d.model) },
      { field: 'player', label: t('columns.software'), sortable: false, render: (d) => `${d.player || '-'} / ${d.launcher || '-'}` },
      { field: 'template', label: t('columns.template'), filter: 'text' },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'enum',
        options: [PLUS_DEVICE_ONLINE, 'OFFLINE'].map((v) => ({ value: v, label: v })),
        render: (d) => <HealthBadge status={d.status === PLUS_DEVICE_ONLINE ? 'NORMAL' : 'OFFLINE'} label={d.status} />,
      },
      { field: 'recvTime', label: t('columns.recvTime'), render: (d) => formatDateTime(d.recvTime) },
      {
        field: 'actions',
        label: t('columns.actions'),
        sortable: false,
        render: (d) => (
          <span className="plus-row-actions">
            <IonButton size="small" fill="clear" aria-label={t('actions.info')} data-testid="plus-info" onClick={() => setInfoOf(d)}>
              <IonIcon slot="icon-only" icon={settingsOutline} aria-hidden="true" />
            </IonButton>
            <IonButton size="small" fill="clear" aria-label={t('actions.screen')} data-testid="plus-screen" onClick={() => setScreenOf(d)}>
              <IonIcon slot="icon-only" icon={imageOutline} aria-hidden="true" />
            </IonButton>
            {writer && (
              <IonButton size="small" fill="clear" color="danger" aria-label={t('actions.remove')} data-testid="plus-remove" onClick={() => void remove(d)}>
                <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
              </IonButton>
            )}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- remove reads the latest state when clicked
    [t, writer],
  );

  return (
    <Page title={t('list.title', { store: store.data ? `${store.data.storeName} (${storeCode})` : storeCode })}>
      <DataTable
        id={PLUS_DEVICE_FILTER_KEY}
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.plusDeviceList, params: { storeCode } }}
        rowKey={(d) => d.mac}
        pageSizes={PLUS_PAGE_SIZES}
        defaultSort={{ field: 'recvTime', dir: 'desc' }}
        selectable={writer}
        actions={actions}
        refreshInterval={PLUS_DEVICE_REFRESH_MS}
        reloadToken={reload}
      />
      <PlusDeviceInfoModal storeCode={storeCode} device={infoOf} writable={writer} onClose={() => (setInfoOf(undefined), setReload((n) => n + 1))} />
      <PlusScreenViewer storeCode={storeCode} device={screenOf} onClose={() => setScreenOf(undefined)} />
    </Page>
  );
}
