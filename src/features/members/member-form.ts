import type { TFunction } from 'i18next';
import { userIdProblem, type Account } from '../../../contract/schemas/members';
import { joinList, listValue, type FormField, type FormValues } from '../../ui/form-modal';
import { roleName } from '../roles/role-name';

/** What the member form chooses from: the creator's companies, the roles it may see, the stores it may see. */
export interface MemberChoices {
  companies: readonly { code: string; name: string }[];
  roles: readonly { role_id: number; name: string }[];
  stores: readonly { storeCode: string; storeName: string; companyCode: string }[];
}

type T = TFunction<'members'>;

/** A password and its confirmation; required on create, optional (but matched) on update and reset. */
export function passwordFields(t: T, opts: { required: boolean }): FormField[] {
  return [
    {
      name: 'password',
      label: t('fields.password'),
      type: 'password',
      ...(opts.required ? { required: t('messages.passwordRequired') } : {}),
    },
    {
      name: 'passwordConfirm',
      label: t('fields.passwordConfirm'),
      type: 'password',
      validate: (value, values) => (value !== (values.password ?? '').trim() ? t('messages.passwordMismatch') : undefined),
    },
  ];
}

/**
 * The fields of the create / update form (console-admin §5): at least one of the creator's companies ('Please
 * select a company'); stores of the chosen companies unless 'Enable Whole Store' or an administrator role.
 */
export function memberFields(t: T, choices: MemberChoices, mode: 'create' | 'update') {
  return (values: FormValues): FormField[] => {
    const companies = listValue(values.company);
    const adminRole = Number(values.role_id) <= 0;
    const fields: FormField[] = [
      {
        name: 'email',
        label: t('fields.email'),
        required: t('messages.emailRequired'),
        readOnly: mode === 'update',
        // An id with @ is an e-mail and must read as one (console-admin §5; the server checks it too).
        validate: (value) => (mode === 'create' && userIdProblem(value) ? t('messages.invalidEmail') : undefined),
      },
      { name: 'name', label: t('fields.name'), required: t('messages.nameRequired') },
      { name: 'mobile', label: t('fields.mobile') },
      ...passwordFields(t, { required: mode === 'create' }),
      {
        name: 'company',
        label: t('fields.company'),
        type: 'checkboxes',
        options: choices.companies.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
        required: t('messages.selectCompany'),
      },
      {
        name: 'role_id',
        label: t('fields.role'),
        type: 'select',
        options: choices.roles.map((r) => ({ value: String(r.role_id), label: roleName(t, r) })),
      },
    ];
    if (adminRole) return fields;
    fields.push({ name: 'enableWholeStore', label: t('fields.enableWholeStore'), type: 'checkbox' });
    if (values.enableWholeStore !== 'true') {
      const stores = choices.stores.filter((s) => companies.includes(s.companyCode));
      fields.push({
        name: 'store',
        label: t('fields.store'),
        type: 'checkboxes',
        options: stores.map((s) => ({ value: s.storeCode, label: `${s.storeName} (${s.storeCode})` })),
      });
    }
    return fields;
  };
}

export function memberInitial(choices: MemberChoices, account?: Account): FormValues {
  const onlyCompany = choices.companies.length === 1 ? choices.companies[0].code : '';
  return {
    email: account?.email ?? '',
    name: account?.name ?? '',
    mobile: account?.mobile ?? '',
    password: '',
    passwordConfirm: '',
    company: account ? joinList(account.company) : onlyCompany,
    role_id: String(account?.role_id ?? choices.roles.find((r) => r.role_id > 0)?.role_id ?? choices.roles[0]?.role_id ?? ''),
    enableWholeStore: account?.enableWholeStore ? 'true' : '',
    store: joinList(account?.store ?? []),
  };
}

/** The body of the create / update call: stores only of the chosen companies, none with whole stores. */
export function memberBody(values: FormValues, choices: MemberChoices) {
  const company = listValue(values.company);
  const wholeStore = values.enableWholeStore === 'true';
  const known = new Set(choices.stores.filter((s) => company.includes(s.companyCode)).map((s) => s.storeCode));
  const password = values.password.trim();
  return {
    name: values.name.trim(),
    ...(values.mobile.trim() ? { mobile: values.mobile.trim() } : {}),
    ...(password ? { password } : {}),
    role_id: Number(values.role_id),
    company,
    store: wholeStore ? [] : listValue(values.store).filter((s) => known.has(s)),
    enableWholeStore: wholeStore,
  };
}
