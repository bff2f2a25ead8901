import { expect, test } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './fixtures/api';
import { AppShell } from './page-models/app-shell';
import { LoginPage } from './page-models/login-page';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Handheld ergonomics (issue 10 §8): mode buttons a gloved thumb hits, every mode on a 390 px screen, a store
 * field that looks like one, and a start page that fits the member's work (with their own choice on top).
 */
const OPERATOR = 'operator@shelfpad.test';

test('the mode buttons are at least 48 px high and all five are inside the screen', async ({ page, request }) => {
  const { session } = await apiLogin(request, OPERATOR);
  const scan = new ScanPageModel(page);
  await scan.open(session);
  const tabs = page.getByTestId('scan-modes').getByRole('tab');
  await expect(tabs).toHaveCount(5);
  const width = page.viewportSize()!.width;
  for (const box of await tabs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
  // The store choice is a drawn field: 48 px high, with a border, not the browser's bare grey box.
  const field = await scan.storePicker.evaluate((el) => {
    const style = getComputedStyle(el);
    return { height: el.getBoundingClientRect().height, appearance: style.appearance, border: parseFloat(style.borderTopWidth) };
  });
  expect(field.height).toBeGreaterThanOrEqual(48);
  expect(field.appearance).toBe('none');
  expect(field.border).toBeGreaterThan(0);
});

test('an operator whose work is scanning lands on the scan screen after login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(OPERATOR, DEMO_PASSWORD);
  await login.expectPath('/scan');
  await expect(new AppShell(page).current.locator('ion-title')).toHaveText('Scan');
});

test('a start page chosen in the account menu is where the member lands next time', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one viewport is enough: the choice is per member, kept in the browser');
  const login = new LoginPage(page);
  await login.goto();
  await login.login('viewer@shelfpad.test', DEMO_PASSWORD);
  await login.expectPath('/dashboard');
  const shell = new AppShell(page);
  await shell.expectReady();
  const menu = await shell.openUserMenu();
  await menu.getByTestId('start-page-select').click();
  await page.locator('ion-select-popover ion-radio').filter({ hasText: 'Exceptions' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shelfpad.startPage.viewer@shelfpad.test'))).toBe('/exceptions');
  // The choice closes its own list; Escape then closes the account menu, and the next open starts afresh.
  await expect(page.locator('ion-select-popover')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-menu')).toBeHidden();
  await shell.logout();
  await login.expectPath('/login');
  await login.login('viewer@shelfpad.test', DEMO_PASSWORD);
  await login.expectPath('/exceptions');
  await expect(shell.current.locator('ion-title')).toHaveText('Exceptions');
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the camera buttons stand out from the dark page (≥ 3:1)', async ({ page, request }) => {
    const { session } = await apiLogin(request, OPERATOR);
    const scan = new ScanPageModel(page);
    await scan.open(session);
    await scan.pickStore('TKY001');
    const camera = page.locator('.scan-field__camera').first();
    await expect(camera).toBeVisible();
    const ratio = await camera.evaluate((el) => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const luminance = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [a, b] = [luminance(getComputedStyle(el).color), luminance(getComputedStyle(document.body).backgroundColor)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    // WCAG 1.4.11: a control's graphics need 3:1 against what is next to them.
    expect(ratio).toBeGreaterThanOrEqual(3);
  });
});
