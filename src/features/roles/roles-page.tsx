import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../api/contract/constants-admin';
import type { Role } from '../../api/contract/members';
import { endpoints } from '../../api/endpoints';
import { api, useCall } from '../../app/api';
import { companyChoices } from '../../app/company-selection';
import { useLogoutOnLoadFailure } from '../../app/load-failure';
import { canWrite, useSession } from '../../app/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { isBuiltInRole } from './privilege-tree';
import { RoleModal, type RoleEditing } from './role-modal';
import './roles.css';

const ROLE_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

/** /roles (console-admin §2, §4, §6): the roles the member may see; create, update and delete with role write. */
export default function RolesPage() {
  const { t } = useTranslation('members');
  const dialogs = useDialogs();
  const session = useSession();
  const writable = canWrite(session, 'role');
  const list = useCall(endpoints.roleList, {});
  const [editing, setEditing] = useState<RoleEditing>();
  useLogoutOnLoadFailure(list.error);
  // console-admin §8 "No company information.": a role belongs to a company (server/routes/roles.ts); the super
  // administrator works on every company, anyone else needs one.
  const hasCompany = session?.role_id === -1 || companyChoices(session).length > 0;

  const remove = async (role: Role) => {
    if (!(await dialogs.confirm(t('messages.deleteConfirm')))) return;
    try {
      await api.call(endpoints.roleDelete, { params: { role_id: role.role_id } });
      void dialogs.toast(t('roles.deleted', { name: role.name }), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
    await list.mutate();
  };

  const grantedText = (role: Role) =>
    isBuiltInRole(role.role_id)
      ? t('roles.all')
      : role.privilege
          .filter((p) => p.read)
          .map((p) => `${t(`privileges.${p.key}` as 'privileges.tag')}${p.write ? ' ✎' : ''}`)
          .join(', ');
  // A role with many privileges wraps inside its cell: on one line it pushed the actions past the table's right edge.
  const granted = (role: Role) => <span className="role-privileges">{grantedText(role)}</span>;

  const columns: Column<Role>[] = [
    { field: 'role_id', label: t('roles.id'), filter: 'number' },
    { field: 'name', label: t('roles.name'), primary: true, filter: 'text' },
    { field: 'privilege', label: t('roles.privileges'), sortable: false, render: granted },
  ];

  // View (or Edit) stays on the row; Delete waits in its menu (issue 31 §11: a red Delete stood right beside Edit).
  const rowActions = (role: Role): (RowActionDef<Role> | false)[] => {
    const editable = writable && !isBuiltInRole(role.role_id);
    return [
      {
        label: editable ? t('actions.edit') : t('actions.view'),
        primary: true,
        testId: 'role-edit',
        run: () => setEditing({ kind: 'update', role }),
      },
      editable && { label: t('actions.delete'), color: 'danger', testId: 'role-delete', run: () => remove(role) },
    ];
  };

  return (
    <Page
      title={t('roles.title')}
      actions={
        writable ? (
          <IonButton
            onClick={() => (hasCompany ? setEditing({ kind: 'create' }) : void dialogs.error(t('errors.noCompany')))}
            data-testid="role-create"
          >
            {t('roles.create')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="roles"
        columns={columns}
        source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
        rowKey={(r) => String(r.role_id)}
        pageSizes={ROLE_PAGE_SIZES}
        defaultSort={{ field: 'role_id', dir: 'asc' }}
        rowActions={rowActions}
        rowActionsLabel={t('fields.actions')}
      />
      <RoleModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void list.mutate();
        }}
      />
    </Page>
  );
}
