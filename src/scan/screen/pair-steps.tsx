import { useTranslation } from 'react-i18next';

export interface PairStepsProps {
  /** The tag of the pair once it is taken: the product is then awaited. */
  tag?: string;
}

/**
 * Where a tag–product pair stands (issue 10 finding 8): two steps with the current one marked, and a line that says
 * what to scan next — after the tag, "now scan the product", with the tag, drawn in the brand colour and briefly
 * pulsed, so that a worker looking up from the shelf sees that the first scan counted (feedback.tick() is heard).
 * A polite status region, so a screen reader says it too.
 */
export function PairSteps({ tag }: PairStepsProps) {
  const { t } = useTranslation('scan');
  const current = tag ? 1 : 0;
  const steps = [t('steps.tag'), t('steps.product')];
  return (
    <div className="pair-steps" data-testid="pair-steps" data-step={tag ? 'product' : 'tag'}>
      <ol className="pair-steps__list" aria-label={t('steps.label')}>
        {steps.map((label, i) => (
          <li
            key={label}
            className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="pair-steps__number" aria-hidden="true">
              {i < current ? '✓' : i + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>
      {/* Keyed by the step, so the pulse plays again on every new tag. */}
      <p key={tag ?? ''} className="pair-steps__cue" role="status" data-testid="scan-step">
        {tag ? t('steps.awaitProduct', { tag }) : t('steps.awaitTag')}
      </p>
    </div>
  );
}
