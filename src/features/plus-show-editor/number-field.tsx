import { useId, useState } from 'react';

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
 * A whole-number field that keeps what is being typed (an empty field, a '-') without forcing it back to the
 * last valid value, and hands the document only valid numbers — so typing '45' is one edit, not a flicker.
 */
export function NumberField({ label, value, min, max, onChange, testId, disabled }: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  // A new value from outside (undo, a drag) replaces the draft: state adjusted during render, not in an effect.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const valid = (text: string) => /^-?\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;
  return (
    <div className="show-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={draft}
        disabled={disabled}
        aria-invalid={!valid(draft)}
        data-testid={testId}
        onChange={(e) => {
          setDraft(e.target.value);
          if (valid(e.target.value)) onChange(Number(e.target.value));
        }}
        onBlur={() => setDraft(String(value))}
      />
    </div>
  );
}
