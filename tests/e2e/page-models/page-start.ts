import type { Page } from '@playwright/test';

type Watched = { violations: string[]; earlyPreloads: string[] };

/**
 * What a page does before its app runs: the modules it asks for while the HTML is still being read (readyState
 * 'loading': before any module script has run — those run once parsing is done), and any Content-Security-Policy
 * violation from its first script on.
 */
export class PageStart {
  constructor(readonly page: Page) {}

  /** Call before the page is opened. */
  async watch(): Promise<void> {
    await this.page.addInitScript(() => {
      const watched: Watched = { violations: [], earlyPreloads: [] };
      (window as unknown as { __pageStart: Watched }).__pageStart = watched;
      document.addEventListener('securitypolicyviolation', (e) => watched.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
      new MutationObserver((records) => {
        if (document.readyState !== 'loading') return;
        for (const node of records.flatMap((r) => [...r.addedNodes])) {
          if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') watched.earlyPreloads.push(node.getAttribute('href') ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }

  watched(): Promise<Watched> {
    return this.page.evaluate(() => (window as unknown as { __pageStart: Watched }).__pageStart);
  }
}
