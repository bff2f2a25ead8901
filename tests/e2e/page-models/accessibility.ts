import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts that fail the suite (issue 10 §7); moderate and minor findings are reported by axe, not gated. */
const GATED = new Set(['serious', 'critical']);

/**
 * axe-core over what the screen shows now (Ionic's hidden pages are display:none, so axe skips them). Fails with
 * one line per violation: rule, impact and the first elements, so that the report says what to fix.
 */
export async function expectAccessible(page: Page, screen: string, opts: { soft?: boolean } = {}): Promise<void> {
  // Legacy mode runs axe.run() in the page itself. The default (runPartial per frame, then finishRun in a new blank
  // page) opened a page per screen and doubled each check's time; the app's frames are all same-origin anyway.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const gated = violations
    .filter((v) => GATED.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  (opts.soft ? expect.soft : expect)(gated, `axe on ${screen}`).toEqual([]);
}
