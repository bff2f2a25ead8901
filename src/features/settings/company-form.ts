import type { TFunction } from 'i18next';
import { COMPANY_DEFAULTS, GATEWAY_STATUS_CHECK_MARGIN_MIN, companyAdminDefault } from '../../../contract/schemas/constants-admin';
import type { Company, CompanyCreateBody, CompanyUpdateBody } from '../../../contract/schemas/settings-company';
import type { FormField, FormValues } from '../../ui/form-modal';
import { intOf, numberField, textField, textOf, valuesOf } from './settings-form';

type T = TFunction<'settings'>;

const SETTING_NAMES = [
  'historyRetentionDays',
  'updateHistoryRetentionDays',
  'tagDisplayRefreshDays',
  'gatewayStatusCheckInterval',
  'gatewayStatusCheckMargin',
  'panId',
  'timeServerIp',
  'timeServerPort',
  'mainFromMac',
  'mainFromPage',
] as const;

/**
 * The company form (console-admin §5): code and name non-blank; the periods, the check margin (at least 100) and
 * the PAN id required; on create the admin account with a matching confirmation. Title 'Setting Company Error'.
 */
export function companyFields(t: T, mode: 'create' | 'edit'): (values: FormValues) => FormField[] {
  const title = t('company.errorTitle');
  const settings: FormField[] = [
    numberField(t, 'historyRetentionDays', { required: title }),
    numberField(t, 'updateHistoryRetentionDays', { required: title }),
    numberField(t, 'tagDisplayRefreshDays', { required: title }),
    numberField(t, 'gatewayStatusCheckInterval', { required: title }),
    numberField(t, 'gatewayStatusCheckMargin', { required: title, min: GATEWAY_STATUS_CHECK_MARGIN_MIN }),
    textField(t, 'panId', { required: title }),
    textField(t, 'timeServerIp'),
    numberField(t, 'timeServerPort'),
    numberField(t, 'mainFromMac'),
    numberField(t, 'mainFromPage'),
  ];
  const head: FormField[] = [
    ...(mode === 'create' ? [textField(t, 'companyCode', { required: title })] : []),
    textField(t, 'companyName', { required: title }),
    textField(t, 'address'),
  ];
  if (mode === 'edit') return () => [...head, ...settings];
  return (values) => [
    ...head,
    ...settings,
    // The admin id defaults to the company code plus "-admin" (console-admin §9): shown, and sent when left empty.
    {
      ...textField(t, 'adminEmail', { placeholder: values.companyCode ? companyAdminDefault(values.companyCode.trim()) : '' }),
      heading: t('company.adminHeading'),
    },
    textField(t, 'adminName', { required: title }),
    textField(t, 'adminPassword', { required: title, type: 'password' }),
    {
      ...textField(t, 'adminPasswordConfirm', { type: 'password' }),
      validate: (value, all) => (value !== all.adminPassword ? t('form.passwordMismatch') : undefined),
    },
  ];
}

/** A new company starts from the spec's defaults (console-admin §9). */
// spec: admin §9.5 — a new company starts from the spec's defaults
export const newCompanyValues = (): FormValues => ({
  ...valuesOf(COMPANY_DEFAULTS, SETTING_NAMES),
  companyCode: '',
  companyName: '',
  address: '',
  adminEmail: '',
  adminName: '',
  adminPassword: '',
  adminPasswordConfirm: '',
});

export const companyValues = (company: Company): FormValues => ({
  ...valuesOf(company, SETTING_NAMES),
  companyName: company.companyName,
  address: company.address,
});

export function companyUpdateBody(values: FormValues): CompanyUpdateBody {
  return {
    companyName: values.companyName.trim(),
    address: values.address.trim(),
    historyRetentionDays: Number(values.historyRetentionDays),
    updateHistoryRetentionDays: Number(values.updateHistoryRetentionDays),
    tagDisplayRefreshDays: Number(values.tagDisplayRefreshDays),
    gatewayStatusCheckInterval: Number(values.gatewayStatusCheckInterval),
    gatewayStatusCheckMargin: Number(values.gatewayStatusCheckMargin),
    panId: values.panId.trim(),
    timeServerIp: textOf(values.timeServerIp),
    timeServerPort: intOf(values.timeServerPort),
    mainFromMac: intOf(values.mainFromMac),
    mainFromPage: intOf(values.mainFromPage),
  };
}

export function companyCreateBody(values: FormValues): CompanyCreateBody {
  const companyCode = values.companyCode.trim();
  return {
    companyCode,
    ...companyUpdateBody(values),
    admin: {
      email: values.adminEmail.trim() || companyAdminDefault(companyCode),
      name: values.adminName.trim(),
      password: values.adminPassword,
    },
  };
}
