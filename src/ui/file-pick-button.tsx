import { useRef, useState, type ReactNode } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';

export interface FilePickButtonProps {
  /** The file types offered by the browser's picker (`accept`). */
  accept: string;
  /** The button's text, and the name of the hidden file input for assistive technology. */
  label: string;
  /** Runs with the chosen file; the button is busy until it settles. */
  onFile: (file: File) => Promise<void>;
  /** The button is `testId`, its file input `testId-input`. */
  testId: string;
  icon?: ReactNode;
  size?: 'small' | 'default';
}

/**
 * A button that opens the file picker and hands over one file: the input is cleared each time (the same file may
 * be chosen again after a fix), and the button shows a spinner and takes no second file while one is sent.
 */
export function FilePickButton({ accept, label, onFile, testId, icon, size }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const picked = async (target: HTMLInputElement) => {
    const file = target.files?.[0];
    target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await onFile(file);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <input ref={input} type="file" accept={accept} hidden onChange={(e) => void picked(e.target)} data-testid={`${testId}-input`} aria-label={label} />
      <IonButton size={size} disabled={busy} onClick={() => input.current?.click()} data-testid={testId}>
        {busy ? <IonSpinner name="dots" slot="start" /> : icon}
        {label}
      </IonButton>
    </>
  );
}
