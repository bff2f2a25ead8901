import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormValues } from '../../ui/form-modal';
import { textField } from './settings-form';

/**
 * A system without any company: the super administrator creates the default company, whose settings are the
 * spec's defaults and whose admin is the caller (the same call as the first login's prompt).
 */
export function DefaultCompanyButton({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const [open, setOpen] = useState(false);
  const title = t('company.errorTitle');

  const submit = async (values: FormValues) => {
    await api.call(endpoints.companyConfigAddDefault, {
      body: { companyCode: values.companyCode.trim(), companyName: values.companyName.trim(), address: values.address.trim() || undefined },
    });
    setOpen(false);
    void dialogs.toast(t('company.complete'), 'success');
    onCreated();
  };

  return (
    <>
      <IonButton onClick={() => setOpen(true)} data-testid="company-create-default">
        {t('company.createDefault')}
      </IonButton>
      <FormModal
        isOpen={open}
        title={t('company.createDefault')}
        testId="default-company-modal"
        fields={[
          textField(t, 'companyCode', { required: title }),
          textField(t, 'companyName', { required: title }),
          textField(t, 'address'),
        ]}
        initial={{ companyCode: '', companyName: '', address: '' }}
        errorTitle={title}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
