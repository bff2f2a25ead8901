import type { TFunction } from 'i18next';
import type { SmtpConfig, SmtpConfigBody } from '../../../contract/schemas/settings';
import type { FormField, FormValues } from '../../ui/form-modal';
import { intOf, isOn, onOff, onOffOptions, textOf } from './settings-form';

type T = TFunction<'settings'>;

/**
 * The SMTP form, for the server and for each company. console-admin §5: with SMTP on, server, port and account are
 * required ('Setting SMTP Error'). The stored password never comes back: an empty password keeps it.
 */
export function smtpFields(t: T): (values: FormValues) => FormField[] {
  const title = t('smtp.errorTitle');
  const needed = (label: string) => (value: string, values: FormValues) =>
    isOn(values.enable) && !value ? `${title}: ${t('form.required', { field: label })}` : undefined;
  return () => [
    { name: 'enable', label: t('smtp.enable'), type: 'select', options: onOffOptions(t) },
    { name: 'server', label: t('smtp.server'), validate: needed(t('smtp.server')) },
    {
      name: 'port',
      label: t('smtp.port'),
      inputMode: 'numeric',
      validate: (value, values) =>
        needed(t('smtp.port'))(value, values) ?? (value && !/^\d+$/.test(value) ? t('form.number', { field: t('smtp.port') }) : undefined),
    },
    { name: 'account', label: t('smtp.account'), validate: needed(t('smtp.account')) },
    { name: 'password', label: t('smtp.password'), type: 'password', placeholder: t('form.passwordKept') },
    { name: 'tls', label: t('smtp.tls'), type: 'select', options: onOffOptions(t) },
    { name: 'ssl', label: t('smtp.ssl'), type: 'select', options: onOffOptions(t) },
  ];
}

export function smtpValues(config: SmtpConfig | null | undefined): FormValues {
  return {
    enable: onOff(config?.enable),
    server: config?.server ?? '',
    port: config?.port == null ? '' : String(config.port),
    account: config?.account ?? '',
    password: '',
    tls: onOff(config?.tls),
    ssl: onOff(config?.ssl),
  };
}

export function smtpBody(values: FormValues): SmtpConfigBody {
  return {
    enable: isOn(values.enable),
    server: textOf(values.server) ?? '',
    port: intOf(values.port) ?? null,
    account: textOf(values.account) ?? '',
    ...(values.password ? { password: values.password } : {}),
    tls: isOn(values.tls),
    ssl: isOn(values.ssl),
  };
}

/** The saved settings as a test request: the server adds the stored password. */
export const smtpTestBody = (config: SmtpConfig): SmtpConfigBody => smtpBody(smtpValues(config));
