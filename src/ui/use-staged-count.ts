import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` heavy parts (a dashboard's chart cards) to show yet: one more after each commit, so that they
 * mount over several short tasks rather than in one long one that a phone cannot interrupt (a tap waits for it;
 * Lighthouse counts it as blocking time). Each step is a transition: React may split even one part's rendering.
 * The count never goes down, so parts shown once are not staged again.
 */
export function useStagedCount(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((shown) => shown + 1));
  }, [count, total]);
  return Math.min(count, total);
}
