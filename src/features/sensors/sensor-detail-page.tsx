import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sensor } from '../../../contract/schemas/sensors';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type TableAction } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { useViewType, ViewToggle } from '../../ui/view-toggle';
import { SensorConfigModal, type SensorModalState } from './sensor-config-modal';
import { SENSOR_LIST_PAGE_SIZES } from './sensor-constants';
import { useSensorColumns } from './sensor-columns';
import { SensorStoreMap, useSensorStore } from './sensor-store-map';
import './sensors.css';
import { useRouteParams } from '../../ui/use-route-params';

/** The write actions (console-core §2): assign, update one selected sensor, deassign the selected ones. */
function useSensorActions(storeCode: string, open: (state: SensorModalState) => void, reload: () => void): TableAction<Sensor>[] {
  const { t } = useTranslation('sensors');
  const dialogs = useDialogs();
  const act = useAction({ reload });
  const deassign = (selected: Sensor[]) =>
    act({
      confirm: t('deassign.confirm', { n: selected.length }),
      call: () => api.call(endpoints.sensorDeassign, { body: { storeCode, tagList: selected.map((s) => s.tagMac) } }),
      done: (answer) => t('deassign.done', { n: answer.count }),
    });
  return [
    { label: t('actions.assign'), run: () => open({ mode: 'assign' }) },
    {
      label: t('actions.update'),
      needsSelection: true,
      run: (selected) => (selected.length === 1 ? open({ mode: 'update', sensor: selected[0] }) : dialogs.error(t('update.onlyOne'))),
    },
    { label: t('actions.deassign'), needsSelection: true, color: 'danger', run: deassign },
  ];
}

/** /sensor/detail/:storeCode (console-core §2): the store's sensors as a table or on the map (?viewType). */
export default function SensorDetailPage() {
  const { t } = useTranslation('sensors');
  const { storeCode = '' } = useRouteParams();
  const [viewType, setViewType] = useViewType();
  const writable = canWrite(useSession(), 'sensor');
  const store = useSensorStore(storeCode);
  const columns = useSensorColumns(storeCode);
  const [reloadToken, setReloadToken] = useState(0);
  const [modal, setModal] = useState<SensorModalState>();
  const reload = () => {
    setReloadToken((n) => n + 1);
    void store.mutate();
  };
  const actions = useSensorActions(storeCode, setModal, reload);
  const name = store.data ? `${store.data.storeName} (${storeCode})` : storeCode;

  return (
    <Page title={t('detail.title', { store: name })} subheader={<ViewToggle view={viewType} onChange={setViewType} testId="sensor-view" />}>
      {viewType === 'map' ? (
        <SensorStoreMap store={store.data} />
      ) : (
        <DataTable
          id="sensor-list"
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.sensorList, params: { storeCode } }}
          rowKey={(s) => s.tagMac}
          pageSizes={SENSOR_LIST_PAGE_SIZES}
          defaultSort={{ field: 'barcode', dir: 'asc' }}
          dateRange
          selectable={writable}
          actions={writable ? actions : undefined}
          reloadToken={reloadToken}
        />
      )}
      {writable && <SensorConfigModal storeCode={storeCode} state={modal} onClose={() => setModal(undefined)} onSaved={reload} />}
    </Page>
  );
}
