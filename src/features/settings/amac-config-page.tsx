import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { AMac } from '../../../contract/schemas/settings-store';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { textField } from './settings-form';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

const AMAC_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

/**
 * /setting/amac-config (console-admin §2, §5): abstract code → abstract data, both required ('Setting Amac
 * Error'). AMac rows belong to no company, so only the super administrator changes them (docs/architecture.md §3).
 */
export default function AmacConfigPage() {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const session = useSession();
  const writable = session?.role_id === -1 && canWrite(session, 'store_config');
  const list = useCall(endpoints.amacList, {});
  useLogoutOnLoadFailure(list.error);
  const [editing, setEditing] = useState<{ kind: 'create' } | { kind: 'edit'; amac: AMac }>();
  const title = t('amac.errorTitle');

  const submit = async (values: FormValues) => {
    const abstractData = values.abstractData.trim();
    if (editing?.kind === 'edit') {
      await api.call(endpoints.amacSave, { params: { abstractCode: editing.amac.abstractCode }, body: { abstractData } });
    } else {
      await api.call(endpoints.amacAdd, { body: { abstractCode: values.abstractCode.trim(), abstractData } });
    }
    void dialogs.toast(
      t('amac.saved', { code: editing?.kind === 'edit' ? editing.amac.abstractCode : values.abstractCode.trim() }),
      'success',
    );
    setEditing(undefined);
    await list.mutate();
  };

  // A refused delete reloads too, so the list shows what the server kept.
  const act = useAction({ reload: () => list.mutate(), reloadAfterFailure: true, errorTitle: title });
  const remove = (amac: AMac) =>
    act({
      confirm: t('amac.deleteConfirm'),
      call: () => api.call(endpoints.amacDelete, { params: { abstractCode: amac.abstractCode } }),
      done: t('amac.deleted', { code: amac.abstractCode }),
    });

  const columns: Column<AMac>[] = [
    { field: 'abstractCode', label: t('fields.abstractCode'), primary: true, filter: 'text' },
    { field: 'abstractData', label: t('fields.abstractData'), filter: 'text' },
  ];

  // Edit stays on the row; Delete waits in its menu (issue 31 §11: a red Delete stood right beside Edit).
  const rowActions = (amac: AMac): RowActionDef<AMac>[] => [
    { label: t('amac.edit'), primary: true, testId: 'amac-edit', run: () => setEditing({ kind: 'edit', amac }) },
    { label: t('amac.delete'), color: 'danger', testId: 'amac-delete', run: () => remove(amac) },
  ];

  return (
    <Page
      title={t('amac.title')}
      actions={
        writable ? (
          <IonButton onClick={() => setEditing({ kind: 'create' })} data-testid="amac-create">
            {t('amac.create')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="amac-config"
        columns={columns}
        source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
        rowKey={(a) => a.abstractCode}
        pageSizes={AMAC_PAGE_SIZES}
        defaultSort={{ field: 'abstractCode', dir: 'asc' }}
        rowActions={writable ? rowActions : undefined}
        rowActionsLabel={t('fields.actions')}
      />
      <FormModal
        isOpen={Boolean(editing)}
        title={editing?.kind === 'edit' ? t('amac.editTitle', { code: editing.amac.abstractCode }) : t('amac.createTitle')}
        testId="amac-modal"
        fields={[
          { ...textField(t, 'abstractCode', { required: title }), readOnly: editing?.kind === 'edit' },
          textField(t, 'abstractData', { required: title }),
        ]}
        initial={editing?.kind === 'edit' ? { ...editing.amac } : { abstractCode: '', abstractData: '' }}
        errorTitle={title}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </Page>
  );
}
