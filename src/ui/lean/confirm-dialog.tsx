import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './lean.css';

interface Question {
  message: string;
  answer(yes: boolean): void;
}

/**
 * A yes/no question in the browser's own modal <dialog> (focus kept inside, Escape = no), for screens that do not
 * load Ionic. The message is text, never markup. Returns the element to render and `confirm`, which resolves with
 * the answer.
 */
export function useConfirmDialog(): { dialog: ReactNode; confirm(message: string): Promise<boolean> } {
  const { t } = useTranslation('common');
  const [question, setQuestion] = useState<Question>();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (question && dialog && !dialog.open) dialog.showModal();
  }, [question]);

  const confirm = useCallback(
    (message: string) =>
      new Promise<boolean>((resolve) => {
        setQuestion({ message, answer: resolve });
      }),
    [],
  );

  const close = (yes: boolean) => {
    question?.answer(yes);
    ref.current?.close();
    setQuestion(undefined);
  };

  const dialog = question && (
    <dialog
      ref={ref}
      className="lean-dialog"
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      <p>{question.message}</p>
      <div className="lean-dialog__buttons">
        <button type="button" className="lean-button lean-button--clear" onClick={() => close(false)}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="lean-button" onClick={() => close(true)} autoFocus>
          {t('dialog.ok')}
        </button>
      </div>
    </dialog>
  );
  return { dialog, confirm };
}
