import { IonSegment, IonSegmentButton, IonLabel, IonSelect, IonSelectOption } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { CodeScriptScope } from '../../../contract/schemas/code-scripts';
import { companyChoices } from '../../platform/company-selection';
import type { Session } from '../../platform/session';
import type { ScriptScope } from './code-script-calls';

/** The first scope a page opens with: the member's first store, or nothing for the system-wide kinds. */
export function initialScope(kind: CodeScriptScope, session: Session | undefined): ScriptScope | undefined {
  if (kind === 'system') return {};
  const store = [...(session?.store ?? [])].sort()[0];
  return store ? { storeCode: store } : undefined;
}

interface ScriptScopeSelectProps {
  kind: CodeScriptScope;
  session: Session | undefined;
  value: ScriptScope | undefined;
  onChange: (scope: ScriptScope) => void;
}

/**
 * Which store's (paper parser) or which store's or company's (product file parser) script is on screen. The
 * choices are the member's own stores and companies from the session.
 */
export function ScriptScopeSelect({ kind, session, value, onChange }: ScriptScopeSelectProps) {
  const { t } = useTranslation('codeEditors');
  if (kind === 'system') return null;
  const stores = [...(session?.store ?? [])].sort();
  const companies = companyChoices(session);
  const byCompany = Boolean(value?.companyCode);
  const common = { interface: 'popover', labelPlacement: 'stacked', fill: 'outline' } as const;
  return (
    <div className="code-editor-scope">
      {kind === 'storeOrCompany' && (
        <IonSegment
          value={byCompany ? 'company' : 'store'}
          aria-label={t('scope.keptFor')}
          data-testid="code-scope-kind"
          onIonChange={(e) => onChange(e.detail.value === 'company' ? { companyCode: companies[0]?.code } : { storeCode: stores[0] })}
        >
          <IonSegmentButton value="store">
            <IonLabel>{t('scope.store')}</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="company">
            <IonLabel>{t('scope.company')}</IonLabel>
          </IonSegmentButton>
        </IonSegment>
      )}
      {byCompany ? (
        <IonSelect
          {...common}
          label={t('scope.company')}
          value={value?.companyCode}
          data-testid="code-scope-company"
          onIonChange={(e) => onChange({ companyCode: e.detail.value as string })}
        >
          {companies.map((c) => (
            <IonSelectOption key={c.code} value={c.code}>{`${c.name} (${c.code})`}</IonSelectOption>
          ))}
        </IonSelect>
      ) : (
        <IonSelect
          {...common}
          label={t('scope.store')}
          value={value?.storeCode}
          data-testid="code-scope-store"
          onIonChange={(e) => onChange({ storeCode: e.detail.value as string })}
        >
          {stores.map((code) => (
            <IonSelectOption key={code} value={code}>
              {code}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
    </div>
  );
}
