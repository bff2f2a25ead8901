import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { DetailCard, DetailFacts } from '../../ui/detail-card';
import { FactRow } from './server-config-card';
import { SmtpModal } from './smtp-modal';
import { smtpTestBody } from './smtp-form';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

/**
 * The system's SMTP setting on /setting/server-config: shown without its password, edited in the SMTP modal, and
 * tried with a test mail to the server config's e-mail address ('Setting SMTP Error' when that fails).
 */
export function SmtpCard({ writable }: { writable: boolean }) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const smtp = useCall(endpoints.smtpGet, {});
  useLogoutOnLoadFailure(smtp.error);
  const [editing, setEditing] = useState(false);
  const [testing, setTesting] = useState(false);

  const test = async () => {
    if (!smtp.data) return;
    setTesting(true);
    try {
      await api.call(endpoints.smtpTest, { body: smtpTestBody(smtp.data) });
      void dialogs.toast(t('smtp.testSent'), 'success');
    } catch (error) {
      await dialogs.error((error as Error).message, t('smtp.errorTitle'));
    } finally {
      setTesting(false);
    }
  };

  const data = smtp.data;
  return (
    <DetailCard title={t('smtp.section')} testId="smtp-card">
      {smtp.error && <p role="alert">{smtp.error.message}</p>}
      {data && (
        <DetailFacts>
          <FactRow label={t('smtp.enable')} value={data.enable ? t('form.on') : t('form.off')} testId="smtp-enable" />
          <FactRow label={t('smtp.server')} value={data.server} testId="smtp-server" />
          <FactRow label={t('smtp.port')} value={data.port} testId="smtp-port" />
          <FactRow label={t('smtp.account')} value={data.account} testId="smtp-account" />
          <FactRow label={t('smtp.tls')} value={data.tls ? t('form.on') : t('form.off')} testId="smtp-tls" />
          <FactRow label={t('smtp.ssl')} value={data.ssl ? t('form.on') : t('form.off')} testId="smtp-ssl" />
        </DetailFacts>
      )}
      {writable && data && (
        <>
          <IonButton onClick={() => setEditing(true)} data-testid="smtp-edit">
            {t('smtp.edit')}
          </IonButton>
          <IonButton fill="outline" disabled={testing} onClick={() => void test()} data-testid="smtp-test">
            {t('smtp.test')}
          </IonButton>
        </>
      )}
      <SmtpModal
        target={editing ? { scope: 'global', config: data } : undefined}
        onClose={() => setEditing(false)}
        onSaved={() => void smtp.mutate()}
      />
    </DetailCard>
  );
}
