import { useIonAlert } from '@ionic/react';
import { useTranslation } from 'react-i18next';

/** The alert input the prompts use: a number or text field, or a choice of radio buttons. */
export type PromptInput =
  | { kind: 'number'; label: string; min: number; max: number }
  | { kind: 'text'; label: string; maxLength: number }
  | { kind: 'choice'; options: readonly { value: string; label: string }[] };

/**
 * A one-value question in an alert (the device list's duration, show index, mode, search keyword, blink code). Resolves with the value,
 * or undefined when cancelled; validation is the caller's (it shows the spec's own message).
 */
export function usePrompt() {
  const [present] = useIonAlert();
  const { t } = useTranslation('common');
  return (header: string, input: PromptInput) =>
    new Promise<string | undefined>((resolve) => {
      const inputs =
        input.kind === 'number'
          ? [{ name: 'value', type: 'number' as const, placeholder: input.label, attributes: { min: input.min, max: input.max, 'aria-label': input.label } }]
          : input.kind === 'text'
            ? [{ name: 'value', type: 'text' as const, placeholder: input.label, attributes: { maxlength: input.maxLength, 'aria-label': input.label } }]
            : input.options.map((o, i) => ({ type: 'radio' as const, label: o.label, value: o.value, checked: i === 0 }));
      void present({
        header,
        inputs,
        buttons: [
          { text: t('dialog.cancel'), role: 'cancel', handler: () => resolve(undefined) },
          {
            text: t('dialog.ok'),
            role: 'confirm',
            handler: (value: unknown) => resolve(input.kind === 'choice' ? String(value ?? '') : String((value as { value?: string } | undefined)?.value ?? '').trim()),
          },
        ],
        onDidDismiss: (e) => e.detail.role === 'backdrop' && resolve(undefined),
      });
    });
}
