import { useCallback, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { StoreConfig } from '../../../contract/schemas/settings-store';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useCompanySelection } from '../../platform/company-selection';
import { canRead, canWrite, hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { PositionPicker } from '../../ui/map/position-picker';
import { Page } from '../../ui/page';
import { saveBlob } from '../../ui/save-blob';
import { useAction } from '../../ui/use-action';
import { newStoreValues, storeCreateBody, storeFields, storeUpdateBody, storeValues } from './store-config-form';
import { StoreMigrateModal } from './store-migrate-modal';
import { StoreSensorConfigModal } from './store-sensor-config-modal';
import { storeDetailPath } from '../store/store-constants';

const STORE_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

/**
 * /setting/store-config (console-admin §2, §5, §6, §7): the stores with edit, sensor edit and delete
 * (store_config.write), create with a map to pick the position and an address search, and — roles -1 and 0 — the
 * store's export and the migration of an exported store into it.
 */
export default function StoreConfigPage() {
  const { t } = useTranslation('storeConfig');
  const dialogs = useDialogs();
  const session = useSession();
  const company = useCompanySelection();
  const writable = canWrite(session, 'store_config');
  // console-admin §6: "sensor.write allows sensor edit"; "store.read shows the store detail link".
  const sensorWriter = canWrite(session, 'sensor');
  const storeReader = canRead(session, 'store');
  const privileged = session?.role_id === -1 || session?.role_id === 0;
  // spec: admin §1.0a — useSubDomain: a new store's code is saved as <companyCode>_<storeCode>
  const useSubDomain = Boolean(session?.systemConfig.useSubDomain);
  const companies = Object.keys(session?.companyInfo ?? {});
  const [mode, setMode] = useState<{ kind: 'create' } | { kind: 'edit'; store: StoreConfig }>();
  const [sensorStore, setSensorStore] = useState<string>();
  const [migrateStore, setMigrateStore] = useState<string>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  const title = t('errorTitle');

  const submit = async (values: FormValues) => {
    if (mode?.kind === 'create') {
      const body = storeCreateBody(values, useSubDomain);
      await api.call(endpoints.storeConfigAdd, { body });
      void dialogs.toast(t('created', { store: body.storeCode }), 'success');
    } else if (mode?.kind === 'edit') {
      await api.call(endpoints.storeConfigSave, { params: { storeCode: mode.store.storeCode }, body: storeUpdateBody(values) });
      void dialogs.toast(t('saved', { store: mode.store.storeCode }), 'success');
    }
    setMode(undefined);
    reload();
  };

  const act = useAction({ errorTitle: title });

  // A refused delete reloads too, so the list shows which stores the server still has.
  const remove = (store: StoreConfig) =>
    act({
      confirm: t('deleteConfirm'),
      call: () => api.call(endpoints.storeConfigDelete, { params: { storeCode: store.storeCode } }),
      done: t('deleted', { store: store.storeCode }),
      reload,
      reloadAfterFailure: true,
    });

  const migrate = async (store: StoreConfig) => {
    if (await dialogs.confirm(t('migration.confirm', { store: store.storeCode }))) setMigrateStore(store.storeCode);
  };

  const exportStore = (store: StoreConfig) =>
    act({
      call: async () =>
        saveBlob(await api.blob(endpoints.storeExport, { params: { storeCode: store.storeCode } }), `store-${store.storeCode}.jsonl`),
    });

  const columns: Column<StoreConfig>[] = [
    ...(hasSeveralCompanies(session) ? [{ field: 'companyCode', label: t('fields.companyCode'), filter: 'text' as const }] : []),
    {
      field: 'storeCode',
      label: t('fields.storeCode'),
      primary: true,
      filter: 'text',
      render: (s) =>
        storeReader ? (
          // The table's link look, and on a phone its 44 px target (issue 31 §8: the bare link was 18 px high).
          <Link
            to={storeDetailPath(s.storeCode)}
            className="data-table-row-link"
            onClick={(e) => e.stopPropagation()}
            data-testid="store-config-detail"
          >
            {s.storeCode}
          </Link>
        ) : (
          s.storeCode
        ),
    },
    { field: 'storeName', label: t('fields.storeName'), filter: 'text' },
    { field: 'address', label: t('fields.address'), filter: 'text' },
  ];

  // Edit stays on the row; sensor, status check, export, migration and delete wait in its menu (issue 31 §12).
  const rowActions = (s: StoreConfig): (RowActionDef<StoreConfig> | false)[] => [
    writable && { label: t('edit'), primary: true, testId: 'store-edit', run: () => setMode({ kind: 'edit', store: s }) },
    sensorWriter && { label: t('sensor'), testId: 'store-sensor', run: () => setSensorStore(s.storeCode) },
    writable && {
      label: t('statusCheck'),
      testId: 'store-status-check',
      run: () =>
        act({
          call: () => api.call(endpoints.storeTagStatusCheck, { body: { storeCode: s.storeCode } }),
          done: t('statusCheckStarted', { store: s.storeCode }),
        }),
    },
    privileged && { label: t('export'), testId: 'store-export', run: () => exportStore(s) },
    privileged && { label: t('migrate'), testId: 'store-migrate', run: () => migrate(s) },
    writable && { label: t('delete'), color: 'danger', testId: 'store-delete', run: () => remove(s) },
  ];

  return (
    <Page
      title={t('title')}
      actions={
        writable ? (
          <IonButton onClick={() => setMode({ kind: 'create' })} data-testid="store-create">
            {t('create')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="store-config"
        logoutOnLoadFailure
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.storeConfigList }}
        companyCode={company}
        rowKey={(s) => s.storeCode}
        pageSizes={STORE_PAGE_SIZES}
        defaultSort={{ field: 'storeCode', dir: 'asc' }}
        reloadToken={reloadToken}
        rowActions={rowActions}
        rowActionsLabel={t('fields.actions')}
      />
      <FormModal
        isOpen={Boolean(mode)}
        title={mode?.kind === 'edit' ? t('editTitle', { store: mode.store.storeCode }) : t('createTitle')}
        testId="store-modal"
        fields={storeFields(t, {
          mode: mode?.kind ?? 'create',
          companies,
          useSubDomain,
          picker: (control) => <PositionPicker {...control} />,
        })}
        initial={mode?.kind === 'edit' ? storeValues(mode.store) : newStoreValues(company ?? companies[0] ?? '')}
        errorTitle={title}
        onSubmit={submit}
        onClose={() => setMode(undefined)}
      />
      <StoreSensorConfigModal storeCode={sensorStore} onClose={() => setSensorStore(undefined)} />
      <StoreMigrateModal storeCode={migrateStore} onClose={() => setMigrateStore(undefined)} />
    </Page>
  );
}
