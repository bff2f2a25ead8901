import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { AppShell } from './page-models/app-shell';
import { expectAccessible } from './page-models/accessibility';
import { LoginPage } from './page-models/login-page';
import { MENU_ROUTES } from '../../src/shell/routes';

/*
 * Every screen under axe-core (issue 10 §7): the login page, the menu routes of the route table, and one of each
 * detail screen with real parameters read from the API. 0 serious or critical violations. Every screen on the
 * desktop; on the phone the screens a manager or store worker uses there, and one of each phone layout the
 * primitives draw (DataTable cards, detail cards, the header's overflow list) — an admin screen's phone layout is
 * the same primitives with other data.
 */
const ADMIN = 'admin@shelfpad.test';
const STORE = 'TKY001';
const PHONE_SCREENS = new Set([
  '/dashboard',
  '/exceptions',
  '/store',
  '/tag',
  '/sensor',
  '/scan',
  '/scan/queue',
  '/members',
  'store detail',
  'gateway detail',
  'tag detail',
]);

type PathOf = (request: APIRequestContext) => Promise<string>;
const fixed =
  (path: string): PathOf =>
  () =>
    Promise.resolve(path);
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

/*
 * Screens in groups of GROUP_SIZE: a group signs in once and opens its first screen by address (as a bookmark
 * does), the next ones as a typed address changes the hash — the console stays loaded, as it does for its users,
 * and a full start of the console per screen would be most of the suite's axe time. The lean apps' own routes
 * (/scan, and /dashboard on a phone) are opened by address: that is the screen a cold start shows there. A screen's
 * step and its axe message name the screen; a violation is a soft failure, so one run reports every screen of the
 * group.
 */
const LEAN_ROUTES = new Set(['/scan', '/dashboard']);
const GROUP_SIZE = 6;
const screensOf = (project: string) => SCREENS.filter(([name]) => project !== 'phone' || PHONE_SCREENS.has(name));
const groupCount = Math.ceil(SCREENS.length / GROUP_SIZE);

for (let group = 0; group < groupCount; group++) {
  test(`axe: screens, group ${group + 1}`, async ({ page, request }, info) => {
    const screens = screensOf(info.project.name).slice(group * GROUP_SIZE, (group + 1) * GROUP_SIZE);
    test.skip(screens.length === 0, 'this viewport has fewer screens: an admin screen’s phone layout is covered by the listed ones');
    test.setTimeout(60_000 * screens.length); // axe over a full screen takes seconds on a busy 2-core machine
    const shell = new AppShell(page);
    await shell.signIn(request, ADMIN);
    let previous: string | undefined;
    for (const [name, pathOf] of screens) {
      await test.step(name, async () => {
        const path = await pathOf(request);
        // A lean app hands over to the console on a hash change: the screen after one is opened by address too.
        if (previous === undefined || LEAN_ROUTES.has(path) || LEAN_ROUTES.has(previous)) await page.goto('about:blank');
        previous = path;
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
        await expectAccessible(page, `${name} (${path})`, { soft: true });
      });
    }
  });
}
