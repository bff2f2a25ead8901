import { useCallback, useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { Account } from '../../../contract/schemas/members';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { companyChoices, useCompanySelection } from '../../platform/company-selection';
import { canRead, canWrite, hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { LoginHistoryModal } from './login-history-modal';
import { memberBody, memberFields, memberInitial, passwordFields, type MemberChoices } from './member-form';
import { closesDialog } from './save-failure';
import { roleName as nameOfRole } from '../roles/role-name';

const MEMBER_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

type Editing = { kind: 'create' } | { kind: 'update'; account: Account } | { kind: 'reset'; account: Account };

/**
 * /members (console-admin §2, §5, §6): the members of the viewer's companies. With member write: create, update,
 * password update, unlock, delete and login history; without it only the login history.
 */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const dialogs = useDialogs();
  const session = useSession();
  // spec: admin §6.4 — without member write only the login history; with it edit, history and delete
  const writable = canWrite(session, 'member');
  const company = useCompanySelection();
  const roles = useCall(endpoints.roleList, canRead(session, 'role') ? {} : null);
  const stores = useCall(endpoints.statusStoreList, canRead(session, 'store') ? { query: {} } : null);
  const [editing, setEditing] = useState<Editing>();
  const [historyOf, setHistoryOf] = useState<string>();
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);

  const choices: MemberChoices = useMemo(
    () => ({ companies: companyChoices(session), roles: roles.data ?? [], stores: stores.data ?? [] }),
    [session, roles.data, stores.data],
  );
  // console-admin §6, §8: the member choices come from roles and stores; their load failure logs out like the lists.
  useLogoutOnLoadFailure(roles.error ?? stores.error);
  const roleName = useCallback(
    (id: number) => {
      const role = choices.roles.find((r) => r.role_id === id);
      return role ? nameOfRole(t, role) : String(id);
    },
    [choices.roles, t],
  );

  // A refused unlock or delete reloads too: the list then shows the server's state, whatever the answer was.
  const act = useAction({ reload, reloadAfterFailure: true });

  const columns = useMemo(() => {
    const all: (Column<Account> | false)[] = [
      { field: 'email', label: t('fields.email'), primary: true, filter: 'text' },
      { field: 'name', label: t('fields.name'), filter: 'text' },
      hasSeveralCompanies(session) && { field: 'company', label: t('fields.company'), filter: 'text', render: (m) => m.company.join(', ') },
      { field: 'role_id', label: t('fields.role'), render: (m) => roleName(m.role_id) },
      {
        field: 'store',
        label: t('fields.store'),
        sortable: false,
        render: (m) => (m.role_id <= 0 || m.enableWholeStore ? t('list.wholeStore') : m.store.join(', ')),
      },
      { field: 'locked', label: t('fields.locked'), render: (m) => (m.locked ? t('list.locked') : '') },
    ];
    return all.filter((c): c is Column<Account> => Boolean(c));
  }, [t, session, roleName]);

  // Edit (and Unlock, for a locked member) stay on the row; the rest wait in its menu (issue 31 §12).
  const rowActions = useCallback(
    (m: Account): (RowActionDef<Account> | false)[] => [
      writable && { label: t('actions.edit'), primary: true, testId: 'member-edit', run: () => setEditing({ kind: 'update', account: m }) },
      writable &&
        m.locked && {
          label: t('actions.unlock'),
          primary: true,
          testId: 'member-unlock',
          run: () =>
            act({
              call: () => api.call(endpoints.memberUnlock, { params: { email: m.email } }),
              done: t('messages.unlocked', { email: m.email }),
            }),
        },
      { label: t('actions.history'), testId: 'member-history', run: () => setHistoryOf(m.email) },
      writable && { label: t('actions.reset'), testId: 'member-reset', run: () => setEditing({ kind: 'reset', account: m }) },
      writable &&
        m.email !== session?.email && {
          label: t('actions.delete'),
          color: 'danger',
          testId: 'member-delete',
          run: () =>
            act({
              confirm: t('messages.deleteConfirm'),
              call: () => api.call(endpoints.memberDelete, { params: { email: m.email } }),
              done: t('messages.deleted', { email: m.email }),
            }),
        },
    ],
    [t, writable, session?.email, act],
  );

  const errorTitle = editing?.kind === 'create' ? t('errors.create') : t('errors.update');

  const submit = async (values: FormValues) => {
    try {
      await save(values);
    } catch (error) {
      if (!closesDialog(error)) throw error;
      setEditing(undefined);
      await dialogs.error((error as Error).message, editing?.kind === 'reset' ? t('errors.update') : errorTitle);
    }
  };

  const save = async (values: FormValues) => {
    if (editing?.kind === 'create') {
      await api.call(endpoints.memberCreate, {
        body: { email: values.email.trim(), ...memberBody(values, choices), password: values.password.trim() },
      });
      void dialogs.toast(t('messages.created', { email: values.email.trim() }), 'success');
    } else if (editing?.kind === 'update') {
      await api.call(endpoints.memberUpdate, { params: { email: editing.account.email }, body: memberBody(values, choices) });
      void dialogs.toast(t('messages.updated', { email: editing.account.email }), 'success');
    } else if (editing?.kind === 'reset') {
      await api.call(endpoints.memberReset, { params: { email: editing.account.email }, body: { password: values.password.trim() } });
      void dialogs.toast(t('messages.reset', { email: editing.account.email }), 'success');
    }
    setEditing(undefined);
    reload();
  };

  return (
    <Page
      title={t('list.title')}
      actions={
        writable ? (
          <IonButton
            onClick={() => (choices.companies.length ? setEditing({ kind: 'create' }) : void dialogs.error(t('errors.noCompany')))}
            data-testid="member-create"
          >
            {t('actions.create')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="members"
        logoutOnLoadFailure
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.memberList }}
        rowKey={(m) => m.email}
        pageSizes={MEMBER_PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'email', dir: 'asc' }}
        reloadToken={reloadToken}
        rowActions={rowActions}
        rowActionsLabel={t('fields.actions')}
      />
      <FormModal
        isOpen={Boolean(editing)}
        title={
          editing?.kind === 'create'
            ? t('form.createTitle')
            : editing?.kind === 'reset'
              ? t('form.resetTitle', { email: editing.account.email })
              : t('form.updateTitle', { email: editing?.account.email })
        }
        testId="member-modal"
        fields={
          editing?.kind === 'reset'
            ? passwordFields(t, { required: true })
            : memberFields(t, choices, editing?.kind === 'update' ? 'update' : 'create')
        }
        initial={memberInitial(choices, editing?.kind === 'create' ? undefined : editing?.account)}
        errorTitle={editing?.kind === 'reset' ? t('errors.update') : errorTitle}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
      <LoginHistoryModal email={historyOf} onClose={() => setHistoryOf(undefined)} />
    </Page>
  );
}
