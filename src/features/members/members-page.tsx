import { useCallback, useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../api/contract/members';
import { endpoints } from '../../api/endpoints';
import { api, useCall } from '../../app/api';
import { companyChoices, useCompanySelection } from '../../app/company-selection';
import { canRead, canWrite, hasSeveralCompanies, useSession } from '../../app/session';
import { DataTable, type Column } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { Page } from '../../ui/page';
import { RowAction, RowActions } from '../../ui/row-actions';
import { LoginHistoryModal } from './login-history-modal';
import { memberBody, memberFields, memberInitial, passwordFields, type MemberChoices } from './member-form';
import { closesDialog } from './save-failure';

const MEMBER_PAGE_SIZES = [25, 10, 50, 100] as const;

type Editing = { kind: 'create' } | { kind: 'update'; account: Account } | { kind: 'reset'; account: Account };

/**
 * /members (console-admin §2, §5, §6): the members of the viewer's companies. With member write: create, update,
 * password update, unlock, delete and login history; without it only the login history.
 */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const dialogs = useDialogs();
  const session = useSession();
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
  const roleName = useCallback((id: number) => choices.roles.find((r) => r.role_id === id)?.name ?? String(id), [choices.roles]);

  const act = useCallback(
    async (work: () => Promise<unknown>, done: string, confirm?: string) => {
      if (confirm && !(await dialogs.confirm(confirm))) return;
      try {
        await work();
        void dialogs.toast(done, 'success');
      } catch (error) {
        await dialogs.error((error as Error).message);
      }
      reload();
    },
    [dialogs, reload],
  );

  const columns = useMemo(() => {
    const all: (Column<Account> | false)[] = [
      { field: 'email', label: t('fields.email'), primary: true, filter: 'text' },
      { field: 'name', label: t('fields.name'), filter: 'text' },
      hasSeveralCompanies(session) && { field: 'company', label: t('fields.company'), filter: 'text', render: (m) => m.company.join(', ') },
      { field: 'role_id', label: t('fields.role'), render: (m) => roleName(m.role_id) },
      { field: 'store', label: t('fields.store'), sortable: false, render: (m) => (m.role_id <= 0 || m.enableWholeStore ? t('list.wholeStore') : m.store.join(', ')) },
      { field: 'locked', label: t('fields.locked'), render: (m) => (m.locked ? t('list.locked') : '') },
      {
        field: 'actions',
        label: t('fields.actions'),
        sortable: false,
        render: (m) => (
          <RowActions>
            <RowAction onClick={() => setHistoryOf(m.email)} data-testid="member-history">
              {t('actions.history')}
            </RowAction>
            {writable && (
              <>
                <RowAction onClick={() => setEditing({ kind: 'update', account: m })} data-testid="member-edit">
                  {t('actions.edit')}
                </RowAction>
                <RowAction onClick={() => setEditing({ kind: 'reset', account: m })} data-testid="member-reset">
                  {t('actions.reset')}
                </RowAction>
                {m.locked && (
                  <RowAction
                    onClick={() => void act(() => api.call(endpoints.memberUnlock, { params: { email: m.email } }), t('messages.unlocked', { email: m.email }))}
                    data-testid="member-unlock"
                  >
                    {t('actions.unlock')}
                  </RowAction>
                )}
                {m.email !== session?.email && (
                  <RowAction
                    color="danger"
                    onClick={() => void act(() => api.call(endpoints.memberDelete, { params: { email: m.email } }), t('messages.deleted', { email: m.email }), t('messages.deleteConfirm'))}
                    data-testid="member-delete"
                  >
                    {t('actions.delete')}
                  </RowAction>
                )}
              </>
            )}
          </RowActions>
        ),
      },
    ];
    return all.filter((c): c is Column<Account> => Boolean(c));
  }, [t, session, writable, roleName, act]);

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
      await api.call(endpoints.memberCreate, { body: { email: values.email.trim(), ...memberBody(values, choices), password: values.password.trim() } });
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
          <IonButton onClick={() => setEditing({ kind: 'create' })} data-testid="member-create">
            {t('actions.create')}
          </IonButton>
        ) : undefined
      }
    >
      <DataTable
        id="members"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.memberList }}
        rowKey={(m) => m.email}
        pageSizes={MEMBER_PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'email', dir: 'asc' }}
        reloadToken={reloadToken}
      />
      <FormModal
        isOpen={Boolean(editing)}
        title={editing?.kind === 'create' ? t('form.createTitle') : editing?.kind === 'reset' ? t('form.resetTitle', { email: editing.account.email }) : t('form.updateTitle', { email: editing?.account.email })}
        testId="member-modal"
        fields={editing?.kind === 'reset' ? passwordFields(t, { required: true }) : memberFields(t, choices, editing?.kind === 'update' ? 'update' : 'create')}
        initial={memberInitial(choices, editing?.kind === 'create' ? undefined : editing?.account)}
        errorTitle={editing?.kind === 'reset' ? t('errors.update') : errorTitle}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
      <LoginHistoryModal email={historyOf} onClose={() => setHistoryOf(undefined)} />
    </Page>
  );
}
