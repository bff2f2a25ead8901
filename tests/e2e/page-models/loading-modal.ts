import type { Locator, Page } from '@playwright/test';

/** The spec's loading modal (src/ui/loading-modal.ts): Ionic's loading overlay over the whole screen, with its message. */
export function loadingModal(page: Page): Locator {
  return page.locator('ion-loading[data-testid="loading-modal"]');
}
