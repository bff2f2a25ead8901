import { Fragment, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { Role } from '../../../contract/schemas/members';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { companyChoices } from '../../platform/company-selection';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { isBuiltInRole } from './privilege-tree';
import { RoleModal, type RoleEditing } from './role-modal';
import { roleName } from './role-name';
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

  // A refused delete reloads too, so the list shows what the server kept.
  const act = useAction({ reload: () => list.mutate(), reloadAfterFailure: true });
  const remove = (role: Role) =>
    act({
      confirm: t('messages.deleteConfirm'),
      call: () => api.call(endpoints.roleDelete, { params: { role_id: role.role_id } }),
      done: t('roles.deleted', { name: roleName(t, role) }),
    });

  const grantedWords = (role: Role) =>
    isBuiltInRole(role.role_id)
      ? [t('roles.all')]
      : role.privilege.filter((p) => p.read).map((p) => `${t(`privileges.${p.key}` as 'privileges.tag')}${p.write ? ' ✎' : ''}`);
  // A role with many privileges wraps inside its cell: on one line it pushed the actions past the table's right edge.
  // It wraps between privileges only: each is one unbroken piece (in Japanese the line broke inside words, エ/イリアス).
  const granted = (role: Role) => (
    <span className="role-privileges">
      {grantedWords(role).map((word, i) => (
        <Fragment key={word}>
          {i > 0 && ', '}
          <span className="role-privilege">{word}</span>
        </Fragment>
      ))}
    </span>
  );

  const columns: Column<Role>[] = [
    { field: 'role_id', label: t('roles.id'), filter: 'number' },
    { field: 'name', label: t('roles.name'), primary: true, filter: 'text', render: (role) => roleName(t, role) },
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
