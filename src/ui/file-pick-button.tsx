import { useRef, type ReactNode } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { HiddenFileInput, useSending } from './hidden-file-input';

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
 * A button that opens the file picker and hands over the chosen file(s); it shows a spinner and takes no second pick
 * while one is sent.
 */
export function FilePickButton(props: FilePickButtonProps) {
  const { accept, label, testId, icon, size, fill, color, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const { sending, send } = useSending();
  return (
    <>
      <HiddenFileInput
        ref={input}
        accept={accept}
        multiple={props.multiple}
        label={label}
        testId={testId}
        onFiles={(files) => void send(() => (props.multiple ? props.onFiles(files) : props.onFile(files[0])))}
      />
      <IonButton
        size={size}
        fill={fill}
        color={color}
        disabled={sending || disabled}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {sending ? <IonSpinner name="dots" slot="start" /> : icon}
        {label}
      </IonButton>
    </>
  );
}
