import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { ServerConfig, ServerConfigBody } from '../../../contract/schemas/settings';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { DetailCard, DetailFacts } from '../../ui/detail-card';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { intOf, numberField, textField, textOf, valuesOf } from './settings-form';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

const FACTS = [
  'retailServerIp',
  'retailServerPort',
  'timeServerIp',
  'timeServerPort',
  'gatewayStatusCheckInterval',
  'historyRetentionDays',
  'updateHistoryRetentionDays',
  'tagDisplayRefreshDays',
  'panId',
  'mobile',
  'email',
  'mainFromMac',
  'mainFromPage',
] as const;

function serverBody(values: FormValues): ServerConfigBody {
  return {
    retailServerIp: textOf(values.retailServerIp) ?? '',
    retailServerPort: intOf(values.retailServerPort) ?? null,
    timeServerIp: textOf(values.timeServerIp),
    timeServerPort: intOf(values.timeServerPort),
    gatewayStatusCheckInterval: Number(values.gatewayStatusCheckInterval),
    historyRetentionDays: Number(values.historyRetentionDays),
    updateHistoryRetentionDays: Number(values.updateHistoryRetentionDays),
    tagDisplayRefreshDays: Number(values.tagDisplayRefreshDays),
    panId: values.panId.trim(),
    mobile: values.mobile.trim(),
    email: values.email.trim(),
    mainFromMac: intOf(values.mainFromMac),
    mainFromPage: intOf(values.mainFromPage),
  };
}

/**
 * The server part of /setting/server-config (console-admin §3 Server config, §5): the four periods and the PAN id
 * are required, else 'Setting Server Error'; a refusal of the server is shown under the same title.
 */
export function ServerConfigCard({ writable }: { writable: boolean }) {
  const { t } = useTranslation('settings');
  const dialogs = useDialogs();
  const config = useCall(endpoints.serverConfigGet, {});
  useLogoutOnLoadFailure(config.error);
  const [editing, setEditing] = useState(false);
  const title = t('server.errorTitle');

  const fields: FormField[] = [
    textField(t, 'retailServerIp'),
    numberField(t, 'retailServerPort'),
    textField(t, 'timeServerIp'),
    numberField(t, 'timeServerPort'),
    numberField(t, 'gatewayStatusCheckInterval', { required: title }),
    numberField(t, 'historyRetentionDays', { required: title }),
    numberField(t, 'updateHistoryRetentionDays', { required: title }),
    numberField(t, 'tagDisplayRefreshDays', { required: title }),
    textField(t, 'panId', { required: title }),
    textField(t, 'mobile'),
    textField(t, 'email'),
    numberField(t, 'mainFromMac'),
    numberField(t, 'mainFromPage'),
  ];

  const save = async (values: FormValues) => {
    await api.call(endpoints.serverConfigSave, { body: serverBody(values) });
    await config.mutate();
    setEditing(false);
    void dialogs.toast(t('form.saved'), 'success');
  };

  const data: ServerConfig | undefined = config.data;
  return (
    <DetailCard title={t('server.section')} testId="server-config-card">
      {config.error && <p role="alert">{config.error.message}</p>}
      {data && (
        <DetailFacts>
          {FACTS.map((name) => (
            <FactRow key={name} label={t(`fields.${name}`)} value={data[name]} testId={`server-config-${name}`} />
          ))}
        </DetailFacts>
      )}
      {writable && data && (
        <IonButton onClick={() => setEditing(true)} data-testid="server-config-edit">
          {t('server.edit')}
        </IonButton>
      )}
      <FormModal
        isOpen={editing}
        title={t('server.edit')}
        testId="server-config-modal"
        fields={fields}
        initial={data ? valuesOf(data, FACTS) : {}}
        errorTitle={title}
        onSubmit={save}
        onClose={() => setEditing(false)}
      />
    </DetailCard>
  );
}

/** One label/value pair; an empty value reads 'Not set'. */
export function FactRow({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  const { t } = useTranslation('settings');
  const text = value === null || value === undefined || value === '' ? t('form.notSet') : String(value);
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{text}</dd>
    </>
  );
}
