import './lean.css';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentTabsProps<T extends string> {
  value: T;
  options: readonly SegmentOption<T>[];
  onChange(value: T): void;
  label: string;
  testId?: string;
  /** All choices in one row of equal cells, a long label wrapping inside its cell rather than the row wrapping. */
  even?: boolean;
}

/**
 * A row of mutually exclusive choices (the handheld's modes, tag/Plus target, 0°/180°), drawn without Ionic so the
 * scan route stays inside its first-load budget (docs/architecture.md §8). Buttons, so a scanner's Enter never lands in one.
 */
export function SegmentTabs<T extends string>({ value, options, onChange, label, testId, even = false }: SegmentTabsProps<T>) {
  return (
    <div className={even ? 'lean-segment lean-segment--even' : 'lean-segment'} role="tablist" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className="lean-segment__tab"
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
