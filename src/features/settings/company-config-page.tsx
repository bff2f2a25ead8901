import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../api/contract/constants-admin';
import type { Company } from '../../api/contract/settings-company';
import { endpoints } from '../../api/endpoints';
import { api } from '../../app/api';
import { canWrite, useSession } from '../../app/session';
import { DataTable, type Column } from '../../ui/data-table';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { companyCreateBody, companyFields, companyUpdateBody, companyValues, newCompanyValues } from './company-form';
import { DefaultCompanyButton } from './default-company';
import { SmtpModal, type SmtpTarget } from './smtp-modal';
import { useCompanies } from './use-companies';
import { useLogoutOnLoadFailure } from '../../app/load-failure';

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

  const remove = async (company: Company) => {
    if (!(await dialogs.confirm(t('company.deleteConfirm')))) return;
    try {
      await api.call(endpoints.companyConfigDelete, { params: { companyCode: company.companyCode } });
      void dialogs.toast(t('company.deleted', { company: company.companyCode }), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message, t('company.errorTitle'));
    }
    await list.mutate();
  };

  const columns: Column<Company>[] = [
    { field: 'companyCode', label: t('fields.companyCode'), primary: true, filter: 'text' },
    { field: 'companyName', label: t('fields.companyName'), filter: 'text' },
    { field: 'address', label: t('fields.address') },
    { field: 'updatedAt', label: t('fields.updatedAt'), render: (c) => formatDateTime(c.updatedAt) },
    {
      field: 'actions',
      label: t('fields.actions'),
      sortable: false,
      render: (c) =>
        writable && (
          <span onClick={(e) => e.stopPropagation()}>
            <IonButton size="small" fill="clear" onClick={() => setMode({ kind: 'edit', company: c })} data-testid="company-edit">
              {t('company.edit')}
            </IonButton>
            <IonButton size="small" fill="clear" onClick={() => setSmtp({ scope: 'company', companyCode: c.companyCode, config: c.smtp })} data-testid="company-smtp">
              {t('company.smtp')}
            </IonButton>
            {superAdmin && companies.length > 1 && (
              <IonButton size="small" fill="clear" color="danger" onClick={() => void remove(c)} data-testid="company-delete">
                {t('company.delete')}
              </IonButton>
            )}
          </span>
        ),
    },
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
