import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';

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
    <label className="alias-company-picker">
      <span>{t('company')}</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {companies.map(([code, name]) => (
          <option key={code} value={code}>
            {name ? `${name} (${code})` : code}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The first of the member's companies, the editors' starting choice. */
export function useFirstCompany(): string | undefined {
  return Object.keys(useSession()?.companyInfo ?? {}).sort()[0];
}
