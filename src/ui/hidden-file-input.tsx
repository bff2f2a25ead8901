import { useState, type Ref } from 'react';

interface Props {
  ref?: Ref<HTMLInputElement>;
  accept?: string;
  multiple?: boolean;
  /** The name of the input for assistive technology: the text of the control that opens it. */
  label: string;
  /** The input is `testId-input`, beside the control `testId`. */
  testId?: string;
  onFiles: (files: File[]) => void;
}

/**
 * The browser's file chooser behind a control of our own (FilePickButton, a row's file-pick action): hidden, opened
 * by `click()` within the user's tap, and cleared after each choice, so the same file can be chosen again after a fix.
 */
export function HiddenFileInput({ ref, accept, multiple, label, testId, onFiles }: Props) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple={multiple}
      hidden
      aria-label={label}
      data-testid={testId && `${testId}-input`}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}

/** Whether a handed-over file is still being sent: the control shows a spinner and takes no second pick meanwhile. */
export function useSending(): { sending: boolean; send: (work: () => void | Promise<void>) => Promise<void> } {
  const [sending, setSending] = useState(false);
  const send = async (work: () => void | Promise<void>) => {
    setSending(true);
    try {
      await work();
    } finally {
      setSending(false);
    }
  };
  return { sending, send };
}
