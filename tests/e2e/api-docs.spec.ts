import { expect, test } from '@playwright/test';
import { ApiDocsPage } from './page-models/api-docs-page';
import { PwaModel } from './page-models/pwa';

/*
 * The API reference for integrators (issue 19 item 6): /api/docs renders in the browser under the server's CSP,
 * loads nothing from another origin (it must work offline), and the console's service worker — installed by a
 * visit to the app first — does not answer /api/docs with the app shell.
 */
test.use({ serviceWorkers: 'allow' });

test('the API reference renders from this server alone, past the service worker', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', "one page for integrators at a desk; the layout is Swagger UI's own");
  await page.goto('/');
  await new PwaModel(page).waitForActiveWorker();

  const docs = new ApiDocsPage(page);
  await docs.open();
  await expect(page.getByText('Idempotency-Key').first()).toBeVisible();
  const assign = await docs.openOperation('tag', 'tagAssign');
  await expect(assign.getByText('Needs the tag privilege (write).')).toBeVisible();

  const origin = new URL(page.url()).origin;
  expect(docs.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(docs.consoleErrors).toEqual([]);
});
