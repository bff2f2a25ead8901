import { expect, test, type Page } from '@playwright/test';
import { ListScreenModel } from './page-models/list-screen';

/*
 * console-admin §2: /product/secondCode/list shows prCode and secondCode, plus the Italian-named columns on the coop
 * site. The e2e server runs the standard site (server/seed/config.ts): the coop case is the same screen with the
 * session's systemConfig.site set to coop — the stored session and the server's session check are given that
 * value, nothing else changes. Reads only: no spec writes second codes.
 */
const MEMBER = 'coop-admin@shelfpad.test';
const COOP_COLUMNS = [
  'CODICE_TIPO_VENDITA',
  'DATA_INSERIMENTO',
  'DATA_CESSAZIONE',
  'DATA_ELIMINAZIONE',
  'DATA_ACQUISIZIONE',
  'NOME_PROGRAMMA',
  'NOME_OPERATORE',
  'FLG_DB_TRIGGER',
  'DATA_MODIFICA',
] as const;
type SecondCodeRow = { prCode: string; secondCode: string; storeCode?: string } & Partial<Record<(typeof COOP_COLUMNS)[number], string>>;

/** The session check (GET /api/auth/login) answers the coop site, as a coop installation's server would. */
async function asCoopSite(page: Page): Promise<void> {
  await page.route('**/api/auth/login', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const res = await route.fetch();
    const answer = (await res.json()) as { systemConfig?: Record<string, unknown> };
    if (answer.systemConfig) answer.systemConfig.site = 'coop';
    await route.fulfill({ response: res, json: answer });
  });
}

// spec: admin §2.8 — the second code list: prCode and secondCode rows as the server answers; the Italian columns only on the coop site
test('the second code list shows the server’s codes, and the Italian columns only on the coop site', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same list on a phone; the desktop covers it');
  const screen = new ListScreenModel(page);
  const api = await screen.shell.signIn(request, MEMBER);
  const res = await api.post('/product/secondcode/list', {
    draw: 1,
    start: 0,
    length: 25,
    order: [{ column: 0, dir: 'asc' }],
    columns: [{ data: 'prCode' }],
  });
  expect(res.ok(), await res.text()).toBe(true);
  const rows = ((await res.json()) as { data: SecondCodeRow[] }).data;
  expect(rows.length, 'the coop stores have second codes').toBeGreaterThan(0);
  const keyOf = (r: SecondCodeRow) => `${r.storeCode ?? ''}/${r.secondCode}`;

  // The standard site: the codes, no Italian column.
  await screen.open('/product/secondCode/list');
  await screen.expectRows(rows.map(keyOf));
  await expect(screen.table.getByRole('columnheader', { name: 'Second code' })).toBeVisible();
  await expect(screen.cell(keyOf(rows[0]), 'prCode')).toHaveText(rows[0].prCode);
  await expect(screen.cell(keyOf(rows[0]), 'secondCode')).toHaveText(rows[0].secondCode);
  for (const name of COOP_COLUMNS) await expect(screen.table.getByRole('columnheader', { name, exact: true })).toHaveCount(0);

  // The coop site: the nine Italian columns, with the server's values.
  await asCoopSite(page);
  await page.evaluate(() => {
    const key = 'shelfpad.session';
    const session = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { systemConfig?: Record<string, unknown> };
    if (session.systemConfig) session.systemConfig.site = 'coop';
    sessionStorage.setItem(key, JSON.stringify(session));
  });
  await page.reload();
  await expect(screen.current).toHaveAttribute('data-route', '/product/secondCode/list', { timeout: 30_000 });
  await screen.expectRows(rows.map(keyOf));
  for (const name of COOP_COLUMNS) await expect(screen.table.getByRole('columnheader', { name, exact: true })).toHaveCount(1);
  const first = rows[0];
  for (const name of COOP_COLUMNS) await expect(screen.cell(keyOf(first), name)).toHaveText(first[name] ?? '');
  expect(first.NOME_PROGRAMMA, 'the seed names its program').toBeTruthy();
});
