import { useTranslation } from 'react-i18next';
import { caretDown } from 'ionicons/icons';
import type { Dashboard } from '../../../../contract/schemas/dashboard';
import { useTwin } from '../../../platform/handover';
import type { Session } from '../../../platform/session';
import { LeanIcon } from '../../../ui/lean/lean-icon';

/**
 * The store filter's face without Ionic: the console's selects (store-filter.tsx) as they look with nothing chosen.
 * Choosing is the console's alert: a tap hands over and opens it there.
 */
export function LeanStoreFilter({ answer, session }: { answer: Dashboard | undefined; session: Session }) {
  const { t } = useTranslation('dashboard');
  // The company select shows for a member of several companies: before the answer the session's companies say so,
  // so that the store select does not jump aside when the answer comes.
  const companies = Object.keys(answer ? answer.companyDict : session.companyInfo).length;
  return (
    <div className="dashboard-filter">
      {companies > 1 && <SelectFace name="dash-company-select" label={t('filter.companies')} placeholder={t('filter.allCompanies')} />}
      <SelectFace name="dash-store-select" label={t('filter.stores')} placeholder={t('filter.allStores')} />
    </div>
  );
}

function SelectFace({ name, label, placeholder }: { name: string; label: string; placeholder: string }) {
  return (
    <button type="button" className="lean-select" aria-haspopup="dialog" data-testid={name} {...useTwin(name, undefined)}>
      <span className="lean-select__label">{label}</span>
      <span className="lean-select__value">{placeholder}</span>
      <LeanIcon icon={caretDown} />
    </button>
  );
}
