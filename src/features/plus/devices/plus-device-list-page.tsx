import { useMemo, useState } from 'react';
import { IonIcon } from '@ionic/react';
import { pinOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { PLUS_DEVICE_FILTER_KEY, PLUS_DEVICE_ONLINE, plusModelLabel } from '../../../../contract/schemas/constants-plus';
import type { PlusDevice } from '../../../../contract/schemas/plus';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';
import { canWrite, useSession } from '../../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../../ui/data-table';
import { formatDateTime } from '../../../ui/format-time';
import { Page } from '../../../ui/page';
import { useAction } from '../../../ui/use-action';
import { BackButton } from '../../../ui/back-button';
import { PLUS_DEVICE_PATH, PLUS_DEVICE_REFRESH_MS, PLUS_PAGE_SIZES } from './plus-constants';
import { PlusDeviceStatus, usePlusStatusWord } from './plus-status';
import { PlusDeviceInfoModal } from './plus-device-info-modal';
import { PlusScreenViewer, type CaptureKind } from './plus-screen-viewer';
import { usePlusDeviceCommands } from './use-plus-device-commands';
import './plus.css';
import { deviceShowPath } from '../show-editor/device-show-path';
import { useRouteParams } from '../../../ui/use-route-params';

/**
 * /plus/device/list/:storeCode (plus-signage §2.2): the store's devices, newest report first, with the device
 * commands the server carries out. The filter is kept under plus_device_filter (the DataTable's id).
 */
export default function PlusDeviceListPage() {
  const { storeCode = '' } = useRouteParams();
  const { t } = useTranslation('plus');
  const session = useSession();
  // spec: plus §6.2, plus §6.3 — the read actions for every reader; edit show and remove for plus writers
  const writer = canWrite(session, 'plus');
  const store = useCall(endpoints.plusStoreInfo, { params: { storeCode } });
  const [reload, setReload] = useState(0);
  const changed = () => setReload((n) => n + 1);
  const [infoOf, setInfoOf] = useState<PlusDevice>();
  const [capture, setCapture] = useState<{ device: PlusDevice; kind: CaptureKind }>();
  const commands = usePlusDeviceCommands(storeCode, writer, changed);
  const word = usePlusStatusWord();

  const act = useAction({ reload: changed, failed: t('messages.removeFailed') });
  const remove = (d: PlusDevice) =>
    act({
      confirm: true,
      call: () => api.call(endpoints.plusDeviceRemove, { params: { storeCode }, body: { macList: [d.mac] } }),
      done: t('messages.removed'),
    });

  // spec: plus §2.10, plus §2.11, plus §2.27 — the device list's columns, the pin of a fixed show index, the row actions
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
              <IonIcon
                icon={pinOutline}
                title={t('columns.pinned', { index: d.showIdx })}
                aria-label={t('columns.pinned', { index: d.showIdx })}
                data-testid="plus-pin"
              />
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
        options: [PLUS_DEVICE_ONLINE, 'OFFLINE'].map((v) => ({ value: v, label: word(v) })),
        render: (d) => <PlusDeviceStatus status={d.status} />,
      },
      { field: 'recvTime', label: t('columns.recvTime'), render: (d) => formatDateTime(d.recvTime) },
    ],
    [t, word],
  );

  // Worded actions instead of five bare icons (issue 31 §8, §11: the red trash sat beside the pencil): a writer's
  // row keeps Edit the shows (a reader's its first, Device info), the rest and Remove (last) wait in its row menu —
  // one kept action, so that the table of eight columns fits 1440 px in Japanese too.
  const rowActions = (d: PlusDevice): (RowActionDef<PlusDevice> | false)[] => [
    writer && { label: t('actions.editShows'), primary: true, href: deviceShowPath(storeCode, d.mac), testId: 'plus-edit-show' },
    { label: t('actions.info'), run: () => setInfoOf(d), testId: 'plus-info' },
    { label: t('actions.camera'), run: () => setCapture({ device: d, kind: 'vision' }), testId: 'plus-camera' },
    { label: t('actions.screen'), run: () => setCapture({ device: d, kind: 'screen' }), testId: 'plus-screen' },
    writer && { label: t('actions.remove'), color: 'danger', run: () => remove(d), testId: 'plus-remove' },
  ];

  return (
    <Page
      title={t('list.title', { store: store.data ? `${store.data.storeName} (${storeCode})` : storeCode })}
      actions={<BackButton to={PLUS_DEVICE_PATH} label={t('list.back')} testId="plus-back" />}
    >
      <div className="plus-device-list">
        <DataTable
          id={PLUS_DEVICE_FILTER_KEY}
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.plusDeviceList, params: { storeCode } }}
          rowKey={(d) => d.mac}
          pageSizes={PLUS_PAGE_SIZES}
          defaultSort={{ field: 'recvTime', dir: 'desc' }}
          selectable={writer}
          rowActions={rowActions}
          actions={commands.actions}
          refreshInterval={PLUS_DEVICE_REFRESH_MS}
          reloadToken={reload}
        />
      </div>
      <PlusDeviceInfoModal storeCode={storeCode} device={infoOf} writable={writer} onClose={() => (setInfoOf(undefined), changed())} />
      <PlusScreenViewer storeCode={storeCode} capture={capture} onClose={() => setCapture(undefined)} />
      {commands.dialogs}
    </Page>
  );
}
