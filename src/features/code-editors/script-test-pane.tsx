import { useState } from 'react';
import { IonButton, IonTextarea } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { CODE_SCRIPT_CONTRACTS, type CodeScriptKind, type CodeScriptTestAnswer } from '../../../contract/schemas/code-scripts';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';

interface ScriptTestPaneProps {
  kind: CodeScriptKind;
  code: string;
  /** Told of every run, so that the editor can mark an error where it points. */
  onAnswer: (answer: CodeScriptTestAnswer, code: string) => void;
}

/**
 * The test pane: the sample arguments as JSON, run on the server in the sandbox exactly as production runs the
 * script (saved or not), and what came back — the output, or the error with its line, and the console lines.
 */
export function ScriptTestPane({ kind, code, onAnswer }: ScriptTestPaneProps) {
  const { t } = useTranslation('codeEditors');
  const dialogs = useDialogs();
  const [input, setInput] = useState(() => JSON.stringify(CODE_SCRIPT_CONTRACTS[kind].sampleInput, null, 2));
  const [answer, setAnswer] = useState<CodeScriptTestAnswer>();
  const [running, setRunning] = useState(false);

  const run = async () => {
    let args: unknown;
    try {
      args = JSON.parse(input);
    } catch {
      args = undefined;
    }
    if (!Array.isArray(args)) {
      await dialogs.error(t('test.invalidInput'));
      return;
    }
    setRunning(true);
    try {
      const result = await api.call(endpoints.codeScriptTest, { body: { kind, code, input: args } });
      setAnswer(result);
      onAnswer(result, code);
    } catch (error) {
      await dialogs.error((error as Error).message);
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="code-test-pane" aria-label={t('test.title')} data-testid="code-test-pane">
      <h2>{t('test.title')}</h2>
      <IonTextarea
        label={t('test.input')}
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={6}
        className="code-test-input"
        value={input}
        data-testid="code-test-input"
        onIonInput={(e) => setInput(e.detail.value ?? '')}
      />
      <IonButton onClick={() => void run()} disabled={running} data-testid="code-test-run">
        {t('test.run')}
      </IonButton>
      {answer && (
        <div className="code-test-answer" role="status" data-testid="code-test-answer">
          <h3>{answer.ok ? t('test.output') : t('test.error')}</h3>
          <pre
            data-testid={answer.ok ? 'code-test-output' : 'code-test-error'}
            className={answer.ok ? undefined : 'code-test-answer__error'}
          >
            {answer.ok ? JSON.stringify(answer.output, null, 2) : answer.error?.message}
          </pre>
          {answer.logs.length > 0 && (
            <>
              <h3>{t('test.logs')}</h3>
              <pre data-testid="code-test-logs">{answer.logs.join('\n')}</pre>
            </>
          )}
          <p className="code-test-answer__time">{t('test.time', { ms: Math.round(answer.ms * 10) / 10 })}</p>
        </div>
      )}
    </section>
  );
}
