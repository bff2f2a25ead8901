import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session';
import { SelectField } from '../../ui/fields';

interface Props {
  value: string | undefined;
  onChange: (companyCode: string) => void;
  testId: string;
}

/** The company whose configuration an editor shows: the member's companies (all of them for role -1). */
export function CompanyPicker({ value, onChange, testId }: Props) {
  const { t } = useTranslation('alias');
  const companies = Object.entries(useSession()?.companyInfo ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <SelectField
      className="alias-company-picker"
      label={t('company')}
      value={value ?? ''}
      options={companies.map(([code, name]) => ({ value: code, label: name ? `${name} (${code})` : code }))}
      onChange={onChange}
      testId={testId}
    />
  );
}

/** The first of the member's companies, the editors' starting choice. */
export function useFirstCompany(): string | undefined {
  return Object.keys(useSession()?.companyInfo ?? {}).sort()[0];
}
