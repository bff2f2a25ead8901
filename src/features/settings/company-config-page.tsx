import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { Company } from '../../../contract/schemas/settings-company';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { canWrite, useSession } from '../../platform/session';
import { DataTable, type Column, type RowActionDef } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { companyCreateBody, companyFields, companyUpdateBody, companyValues, newCompanyValues } from './company-form';
import { DefaultCompanyButton } from './default-company';
import { SmtpModal, type SmtpTarget } from './smtp-modal';
import { useCompanies } from './use-companies';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

const COMPANY_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

/**
 * /setting/company-config (console-admin §2, §5, §6): the companies with edit and SMTP edit (company_config.write),
 * create with the admin account (role -1: a new company belongs to no company yet), and delete — role -1 only, and
 * only while more than one company exists. 'Complete!' after a create.
 */
export default function CompanyConfigPage() {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const session = useSession();
  const list = useCompanies();
  useLogoutOnLoadFailure(list.error);
  const superAdmin = session?.role_id === -1;
  const writable = canWrite(session, 'company_config');
  const [mode, setMode] = useState<{ kind: 'create' } | { kind: 'edit'; company: Company }>();
  const [smtp, setSmtp] = useState<SmtpTarget>();
  const companies = list.data ?? [];

  const submit = async (values: FormValues) => {
    if (mode?.kind === 'create') {
      await api.call(endpoints.companyConfigAdd, { body: companyCreateBody(values) });
      void dialogs.toast(t('company.complete'), 'success');
    } else if (mode?.kind === 'edit') {
      await api.call(endpoints.companyConfigSave, { params: { companyCode: mode.company.companyCode }, body: companyUpdateBody(values) });
      void dialogs.toast(t('form.saved'), 'success');
    }
    setMode(undefined);
    await list.mutate();
  };

  // A refused delete reloads too, so the list shows what the server kept.
  const act = useAction({ reload: () => list.mutate(), reloadAfterFailure: true, errorTitle: t('company.errorTitle') });
  const remove = (company: Company) =>
    act({
      confirm: t('company.deleteConfirm'),
      call: () => api.call(endpoints.companyConfigDelete, { params: { companyCode: company.companyCode } }),
      done: t('company.deleted', { company: company.companyCode }),
    });

  const columns: Column<Company>[] = [
    { field: 'companyCode', label: t('fields.companyCode'), primary: true, filter: 'text' },
    { field: 'companyName', label: t('fields.companyName'), filter: 'text' },
    { field: 'address', label: t('fields.address') },
    { field: 'updatedAt', label: t('fields.updatedAt'), render: (c) => formatDateTime(c.updatedAt) },
  ];

  // Edit and SMTP stay on the row; Delete (role -1, while another company remains) waits in its menu, last.
  const rowActions = (c: Company): (RowActionDef<Company> | false)[] => [
    { label: t('company.edit'), primary: true, testId: 'company-edit', run: () => setMode({ kind: 'edit', company: c }) },
    {
      label: t('company.smtp'),
      primary: true,
      testId: 'company-smtp',
      run: () => setSmtp({ scope: 'company', companyCode: c.companyCode, config: c.smtp }),
    },
    superAdmin && companies.length > 1 && { label: t('company.delete'), color: 'danger', testId: 'company-delete', run: () => remove(c) },
  ];

  return (
    <Page
      title={t('company.title')}
      actions={
        superAdmin && writable ? (
          <IonButton onClick={() => setMode({ kind: 'create' })} data-testid="company-create">
            {t('company.create')}
          </IonButton>
        ) : undefined
      }
    >
      {superAdmin && list.data?.length === 0 && <DefaultCompanyButton onCreated={() => void list.mutate()} />}
      <DataTable
        id="company-config"
        columns={columns}
        source={{ kind: 'local', rows: list.data, loading: list.isLoading, error: list.error?.message }}
        rowKey={(c) => c.companyCode}
        pageSizes={COMPANY_PAGE_SIZES}
        defaultSort={{ field: 'companyCode', dir: 'asc' }}
        rowActions={writable ? rowActions : undefined}
        rowActionsLabel={t('fields.actions')}
      />
      <FormModal
        isOpen={Boolean(mode)}
        title={mode?.kind === 'edit' ? t('company.editTitle', { company: mode.company.companyCode }) : t('company.createTitle')}
        testId="company-modal"
        fields={companyFields(t, mode?.kind ?? 'create')}
        initial={mode?.kind === 'edit' ? companyValues(mode.company) : newCompanyValues()}
        errorTitle={t('company.errorTitle')}
        onSubmit={submit}
        onClose={() => setMode(undefined)}
      />
      <SmtpModal target={smtp} onClose={() => setSmtp(undefined)} onSaved={() => void list.mutate()} />
    </Page>
  );
}
