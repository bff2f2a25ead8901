import { useTranslation } from 'react-i18next';
import { useAlertQuestion } from '../../../ui/dialogs';

/** The alert input the prompts use: a number or text field, or a choice of radio buttons. */
export type PromptInput =
  | { kind: 'number'; label: string; min: number; max: number }
  | { kind: 'text'; label: string; maxLength: number }
  | { kind: 'choice'; options: readonly { value: string; label: string }[] };

/**
 * A one-value question in an alert (the device list's duration, show index, mode, search keyword, blink code). Resolves with the value,
 * or undefined when cancelled; validation is the caller's (it shows the spec's own message).
 */
// spec: plus §2.67 — the blink and set show index questions
export function usePrompt() {
  const ask = useAlertQuestion();
  const { t } = useTranslation('common');
  return (header: string, input: PromptInput) => {
    const inputs =
      input.kind === 'number'
        ? [
            {
              name: 'value',
              type: 'number' as const,
              placeholder: input.label,
              attributes: { min: input.min, max: input.max, 'aria-label': input.label },
            },
          ]
        : input.kind === 'text'
          ? [
              {
                name: 'value',
                type: 'text' as const,
                placeholder: input.label,
                attributes: { maxlength: input.maxLength, 'aria-label': input.label },
              },
            ]
          : input.options.map((o, i) => ({ type: 'radio' as const, label: o.label, value: o.value, checked: i === 0 }));
    return ask({
      header,
      inputs,
      cancel: t('dialog.cancel'),
      ok: t('dialog.ok'),
      read: (values) =>
        input.kind === 'choice' ? String(values ?? '') : String((values as { value?: string } | undefined)?.value ?? '').trim(),
    });
  };
}
