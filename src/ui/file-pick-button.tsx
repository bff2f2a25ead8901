import { useRef, useState, type ReactNode } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';

interface CommonProps {
  /** The file types offered by the browser's picker (`accept`). */
  accept: string;
  /** The button's text, and the name of the hidden file input for assistive technology. */
  label: string;
  /** The button is `testId`, its file input `testId-input`. */
  testId: string;
  icon?: ReactNode;
  size?: 'small' | 'default';
  fill?: 'solid' | 'clear' | 'outline';
  color?: 'primary' | 'danger' | 'medium';
  disabled?: boolean;
}

/** One file (onFile), or several at once (multiple with onFiles). */
export type FilePickButtonProps = CommonProps &
  ({ multiple?: false; onFile: (file: File) => Promise<void> } | { multiple: true; onFiles: (files: File[]) => Promise<void> });

/**
 * A button that opens the file picker and hands over the chosen file(s): the input is cleared each time (the same
 * file may be chosen again after a fix), and the button shows a spinner and takes no second pick while one is sent.
 */
export function FilePickButton(props: FilePickButtonProps) {
  const { accept, label, testId, icon, size, fill, color, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const picked = async (target: HTMLInputElement) => {
    const files = [...(target.files ?? [])];
    target.value = '';
    if (!files.length) return;
    setBusy(true);
    try {
      await (props.multiple ? props.onFiles(files) : props.onFile(files[0]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={props.multiple}
        hidden
        onChange={(e) => void picked(e.target)}
        data-testid={`${testId}-input`}
        aria-label={label}
      />
      <IonButton size={size} fill={fill} color={color} disabled={busy || disabled} onClick={() => input.current?.click()} data-testid={testId}>
        {busy ? <IonSpinner name="dots" slot="start" /> : icon}
        {label}
      </IonButton>
    </>
  );
}
