import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { AppShell } from './page-models/app-shell';
import { expectAccessible } from './page-models/accessibility';
import { LoginPage } from './page-models/login-page';
import { MENU_ROUTES } from '../../src/routes';

/*
 * Every screen under axe-core (issue 10 §7): the login page, the menu routes of the route table, and one of each
 * detail screen with real parameters read from the API. 0 serious or critical violations. One test per screen, so
 * that the two workers share them and a failure names its screen. Every screen on the desktop; on the phone the
 * screens a manager or store worker uses there, and one of each phone layout the primitives draw (DataTable cards,
 * detail cards, the header's overflow list) — an admin screen's phone layout is the same primitives with other data.
 */
const ADMIN = 'admin@shelfpad.test';
const STORE = 'TKY001';
const PHONE_SCREENS = new Set(['/dashboard', '/exceptions', '/store', '/tag', '/sensor', '/scan', '/scan/queue', '/members', 'store detail', 'gateway detail', 'tag detail']);

type PathOf = (request: APIRequestContext) => Promise<string>;
const fixed = (path: string): PathOf => () => Promise.resolve(path);
const SCREENS: [string, PathOf][] = [
  ...MENU_ROUTES.map((r): [string, PathOf] => [r.path, fixed(r.path)]),
  [
    'server detail',
    async (request) => {
      const [server] = await (await apiLogin(request, ADMIN)).get<{ id: string }[]>('/status/server');
      return `/server/detail/${server.id}`;
    },
  ],
  ['store detail', fixed(`/store/detail/${STORE}`)],
  [
    'gateway detail',
    async (request) => {
      const { gwList } = await (await apiLogin(request, ADMIN)).get<{ gwList: { gwMac: string }[] }>(`/status/store/${STORE}`);
      return `/store/${STORE}/gw/${gwList[0].gwMac}`;
    },
  ],
  ['tag detail', fixed(`/tag/detail/${STORE}`)],
  ['sensor detail', fixed(`/sensor/detail/${STORE}`)],
  ['plus device list', fixed(`/plus/device/list/${STORE}`)],
  ['plus image list', fixed(`/plus/image/list/${STORE}`)],
  ['plus template list', fixed(`/plus/template/list/${STORE}`)],
  ['plus schedule list', fixed(`/plus/schedule/list/${STORE}`)],
  ['print edit', fixed(`/print/edit/${STORE}`)],
  ['plus v1 show editor', fixed('/plus/v1/show/update')],
  ['plus v1 set editor', fixed('/plus/v1/set/update')],
  ...(['schedule', 'device'] as const).map((kind): [string, PathOf] => [
    `plus v1 timeline ${kind}`,
    async (request) => {
      const res = await (await apiLogin(request, ADMIN)).post('/plus/v1/timeline/list', { start: 0, length: 1 });
      return `/plus/v1/timeline/${kind}/${((await res.json()) as { data: { id: string }[] }).data[0].id}`;
    },
  ]),
  [
    'plus show editor',
    async (request) => {
      const res = await (await apiLogin(request, ADMIN)).post(`/plus/device/list/store/${STORE}`, { start: 0, length: 1 });
      return `/plus/device/show/${STORE}/${((await res.json()) as { data: { mac: string }[] }).data[0].mac}`;
    },
  ],
  [
    'product upload detail',
    async (request) => {
      const res = await (await apiLogin(request, ADMIN)).post('/product/file/history', { start: 0, length: 25 });
      const { data } = (await res.json()) as { data: { _id: string; dataCount: number }[] };
      return `/product/file/upload/history/detail/${data.find((h) => h.dataCount > 0)!._id}`;
    },
  ],
];

test('axe: /login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await expectAccessible(page, '/login');
});

// Modals share one frame (src/ui/modal-frame.tsx): one open modal stands for all of them (a dialog needs a name).
test('axe: an open modal (the account modal)', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the modal frame is the same on a phone');
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await shell.expectReady();
  await shell.openAccount();
  await expectAccessible(page, 'account modal');
});

for (const [name, pathOf] of SCREENS) {
  test(`axe: ${name}`, async ({ page, request }, info) => {
    test.skip(info.project.name === 'phone' && !PHONE_SCREENS.has(name), 'an admin screen: its phone layout is covered by the listed screens');
    test.slow(); // axe over a full screen takes seconds on a busy 2-core machine
    const shell = new AppShell(page);
    await shell.signIn(request, ADMIN);
    const path = await pathOf(request);
    await shell.goto(path);
    if (path === '/scan') {
      // Opened by address, /scan is the lean handheld app (no Ionic, no console header): its own heading.
      await expect(page.getByRole('heading', { level: 1, name: 'Scan' })).toBeVisible({ timeout: 30_000 });
    } else {
      await shell.expectReady();
      await expect(shell.title).not.toHaveText('');
      // The screen's data is in: no loading spinner left (a tag's WIP badge spins on purpose).
      await expect(shell.current.locator('ion-spinner:not(.status-progress)')).toHaveCount(0, { timeout: 20_000 });
    }
    await expectAccessible(page, path);
  });
}
