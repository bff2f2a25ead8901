import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface LeanAlertProps {
  title: string;
  message: string;
  onClose: () => void;
}

/**
 * The error dialog of the lean login screen, drawn like the console's (Ionic's alert: the same title, message and
 * OK, the same class names) without loading Ionic. Modal: the OK button takes focus, Escape closes it too, and the
 * caller puts focus back where the member has to act. Texts are React text nodes, never HTML.
 */
export function LeanAlert({ title, message, onClose }: LeanAlertProps) {
  const { t } = useTranslation('common');
  const ok = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => ok.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="lean-alert" data-testid="lean-alert">
      <div className="lean-alert-backdrop" onClick={onClose} />
      <div
        className="lean-alert-wrapper"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
      >
        <h2 id={`${id}-title`} className="alert-title">
          {title}
        </h2>
        <p id={`${id}-message`} className="alert-message">
          {message}
        </p>
        <div className="lean-alert-buttons">
          {/* Tab stays on the one button: the dialog is modal. */}
          <button
            ref={ok}
            type="button"
            className="alert-button"
            onClick={onClose}
            onKeyDown={(e) => e.key === 'Tab' && e.preventDefault()}
          >
            {t('dialog.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
