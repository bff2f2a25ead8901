import { useTranslation } from 'react-i18next';
import type { SmtpConfig } from '../../../contract/schemas/settings';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { smtpBody, smtpFields, smtpValues } from './smtp-form';

/** Whose SMTP the modal edits: the system's, or one company's (company_config.write, console-admin §6). */
export type SmtpTarget =
  { scope: 'global'; config: SmtpConfig | undefined } | { scope: 'company'; companyCode: string; config: SmtpConfig | null };

export function SmtpModal({ target, onClose, onSaved }: { target: SmtpTarget | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();

  const save = async (values: FormValues) => {
    if (!target) return;
    const body = smtpBody(values);
    if (target.scope === 'global') await api.call(endpoints.smtpSave, { body });
    else await api.call(endpoints.companySmtpSave, { params: { companyCode: target.companyCode }, body });
    onSaved();
    onClose();
    void dialogs.toast(t('form.saved'), 'success');
  };

  return (
    <FormModal
      isOpen={Boolean(target)}
      title={target?.scope === 'company' ? t('smtp.titleCompany', { company: target.companyCode }) : t('smtp.titleGlobal')}
      testId="smtp-modal"
      fields={smtpFields(t)}
      initial={smtpValues(target?.config)}
      errorTitle={t('smtp.errorTitle')}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
