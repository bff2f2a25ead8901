import { useState } from 'react';
import { TextField } from '../../../ui/fields';

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Called with each valid integer typed; what is not valid yet stays in the field only. */
  onChange: (value: number) => void;
  testId?: string;
  disabled?: boolean;
}

/**
 * A whole-number TextField that keeps what is being typed (an empty field, a '-') without forcing it back to the
 * last valid value, and hands the document only valid numbers — so typing '45' is one edit, not a flicker.
 */
export function NumberField({ label, value, min, max, onChange, testId, disabled }: NumberFieldProps) {
  const [draft, setDraft] = useState(String(value));
  // A new value from outside (undo, a drag) replaces the draft: state adjusted during render, not in an effect.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const valid = (text: string) => /^-?\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;
  return (
    // Leaving the field shows the document's value again: React's blur bubbles up from the input inside.
    <div className="show-number" onBlur={() => setDraft(String(value))}>
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={draft}
        disabled={disabled}
        className={valid(draft) ? undefined : 'show-number--invalid'}
        testId={testId}
        onChange={(text) => {
          setDraft(text);
          if (valid(text)) onChange(Number(text));
        }}
      />
    </div>
  );
}
