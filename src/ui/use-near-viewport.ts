import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on): heavy drawing below the fold —
 * a chart library of 45 KB — waits until the member scrolls towards it instead of weighing on the first paint.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  // Without IntersectionObserver (unit tests' DOM) everything counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
