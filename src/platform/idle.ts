/**
 * Resolves once the page has a moment with nothing to do (requestIdleCallback), and at the latest after `timeoutMs`.
 * Start-up work that the first screen does not draw with waits for it, so that it runs after the first paint rather
 * than before (issue 10: Lighthouse on a phone counts every long task of the start).
 */
export function whenIdle(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, Math.min(timeoutMs, 1_000));
  });
}
