import { expect, type Locator, type Page } from '@playwright/test';

/** The API reference at /api/docs (Swagger UI over /api/openapi.json, server/openapi/). */
export class ApiDocsPage {
  readonly title: Locator;
  /** Every URL the page asked for, and what the console reported (a CSP refusal shows up here). */
  readonly requests: string[] = [];
  readonly consoleErrors: string[] = [];

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { name: /Shelfpad ESL server API/ });
    page.on('request', (req) => this.requests.push(req.url()));
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(msg.text());
    });
  }

  /**
   * Swagger UI reads the 480 KB OpenAPI 3.1 document through its own parser (ApiDOM) before it draws anything:
   * 4–5 s of the page's main thread after the document arrives on an idle machine (measured with a CPU profile),
   * past the 10 s default when the suite's two workers and the server share the CPU (seen in CI). Hence 30 s.
   */
  async open(): Promise<void> {
    await this.page.goto('/api/docs');
    await expect(this.title).toBeVisible({ timeout: 30_000 });
  }

  /** Open one group (the first path segment) and one of its operations. */
  async openOperation(tag: string, operationId: string): Promise<Locator> {
    await this.page.locator(`#operations-tag-${tag}`).click();
    const operation = this.page.locator(`#operations-${tag}-${operationId}`);
    await operation.locator('.opblock-summary').click();
    return operation;
  }
}
