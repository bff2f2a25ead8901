import { useState } from 'react';
import { IonButton, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../platform/api';
import { CODE_SCRIPT_CONTRACTS, type CodeScriptKind } from '../../../contract/schemas/code-scripts';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { canWrite, useSession } from '../../platform/session';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import CodeEditor, { type ReportedError } from './code-editor';
import { positionInMessage, saveScript, scriptRead } from './code-script-calls';
import { initialScope, ScriptScopeSelect } from './script-scope-select';
import { ScriptTestPane } from './script-test-pane';
import { useScopedDrafts } from './use-scoped-drafts';
import type { ScriptScope } from './code-script-calls';
import './code-editors.css';

/** A scope as the question names it: its store or company code. */
const scopeName = (scope: ScriptScope) => scope.companyCode ?? scope.storeCode ?? '';

/**
 * The one page of the five code editors (console-admin §2): the routes differ only by the script kind, whose
 * contract (contract/schemas/code-scripts.ts) says the scope, the useType choices and the template. A load failure
 * shows the message, then logs out and reloads (console-admin §8).
 */
export function CodeEditorPage({ kind }: { kind: CodeScriptKind }) {
  const { t } = useTranslation('codeEditors');
  const dialogs = useDialogs();
  const session = useSession();
  const contract = CODE_SCRIPT_CONTRACTS[kind];
  const [scope, setScope] = useState(() => initialScope(contract.scope, session));
  const key = JSON.stringify(scope ?? null);
  const read = scriptRead(kind, scope);
  const loaded = useCall(read.def, read.args);
  useLogoutOnLoadFailure(loaded.error);
  const { draft, dirty, change, settle, carryTo } = useScopedDrafts(key, loaded.data, contract.template);
  const [reported, setReported] = useState<ReportedError>();
  const [saving, setSaving] = useState(false);

  // What the server holds for this scope, until the user changes it; nothing saved yet starts from the template.
  const isTemplate = Boolean(loaded.data && !loaded.data.code && draft?.code === contract.template);
  // System-wide scripts are every company's: only the super administrator changes them (docs/architecture.md §3).
  const writable = canWrite(session, 'setting') && (contract.scope !== 'system' || session?.role_id === -1);

  // Another scope shows its own script; text typed here and not saved is kept here, or taken along if the user says so.
  const chooseScope = async (next: ScriptScope) => {
    const nextKey = JSON.stringify(next);
    if (nextKey !== key && dirty && (await dialogs.confirm(t('scope.takeText', { scope: scopeName(next) })))) carryTo(nextKey);
    setScope(next);
  };

  const save = async () => {
    if (!draft || !scope) return;
    setSaving(true);
    try {
      await saveScript(kind, scope, { code: draft.code, ...(contract.useTypes ? { useType: draft.useType } : {}) });
      setReported(undefined);
      await loaded.mutate({ code: draft.code, useType: draft.useType }, { revalidate: true });
      settle(draft);
      void dialogs.toast(t('saved'), 'success');
    } catch (error) {
      const message = (error as Error).message;
      setReported({ message, code: draft.code, ...positionInMessage(message) });
      await dialogs.error(message);
    } finally {
      setSaving(false);
    }
  };

  const actions = writable && draft && (
    <IonButton onClick={() => void save()} disabled={saving} data-testid="code-save">
      {t('save')}
    </IonButton>
  );

  return (
    <Page title={t(`${kind}.title`)} actions={actions || undefined}>
      <div className="code-editor-page" data-testid={`code-editor-page-${kind}`}>
        <p className="code-editor-page__contract">{t(`${kind}.contract`)}</p>
        <div className="code-editor-page__controls">
          <ScriptScopeSelect kind={contract.scope} session={session} value={scope} onChange={(s) => void chooseScope(s)} />
          {contract.useTypes && draft && (
            <IonSelect
              interface="popover"
              label={t('useType.label')}
              labelPlacement="stacked"
              fill="outline"
              value={draft.useType}
              disabled={!writable}
              data-testid="code-use-type"
              onIonChange={(e) => change({ useType: Number(e.detail.value) })}
            >
              {contract.useTypes.map((value) => (
                <IonSelectOption key={value} value={value}>
                  {t(`${kind === 'thirdPartyAuth' ? 'useType.auth' : 'useType.decorator'}.${value}` as 'useType.auth.0')}
                </IonSelectOption>
              ))}
            </IonSelect>
          )}
        </div>
        {!scope && <p role="alert">{t('scope.none')}</p>}
        {scope && !draft && !loaded.error && <IonSpinner aria-label={t('loading')} />}
        {draft && (
          <>
            {isTemplate && <p className="code-editor-page__note">{t('template')}</p>}
            {!writable && <p className="code-editor-page__note">{t('readOnly')}</p>}
            <CodeEditor
              key={key}
              value={draft.code}
              onChange={(code) => change({ code })}
              readOnly={!writable}
              reported={reported}
              label={t('editorLabel')}
              syntaxErrorText={t('syntaxError')}
            />
            {writable && (
              <ScriptTestPane
                kind={kind}
                code={draft.code}
                onAnswer={(answer, code) =>
                  setReported(
                    answer.error
                      ? { message: answer.error.message, line: answer.error.line, column: answer.error.column, code }
                      : undefined,
                  )
                }
              />
            )}
          </>
        )}
      </div>
    </Page>
  );
}
