import { expect, test } from '@playwright/test';
import { memberWithGrant } from './fixtures/roles';
import { ListScreenModel } from './page-models/list-screen';

/*
 * console-core §6 and console-admin §8: a list the spec names that fails to load shows the server's message, then
 * logs the member out and reloads (the shared DataTable's logoutOnLoadFailure). The refusal is the server's own: the
 * member reaches the list through the menu, the administrator takes the list's privilege from the member's role
 * meanwhile (the server reads the role on every call), and the member's next page of the list is refused.
 */
const CASES = [
  {
    name: 'store config',
    menu: 'Store config',
    route: '/setting/store-config',
    section: 'store_config',
    filter: 'Store code',
    value: 'TKY',
  },
  { name: 'members', menu: 'Members', route: '/members', section: 'member', filter: 'E-mail', value: 'shelfpad' },
] as const;

for (const c of CASES) {
  // spec: admin §8.3 — the store config and members lists: the message, then logout and a reload to login
  test(`a ${c.name} list refused by the server shows the refusal, then logs out`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const member = await memberWithGrant(request, `${c.section}-load`, { read: [c.section] });
    const screen = new ListScreenModel(page);
    await screen.shell.signIn(request, member.email);
    await screen.shell.goto('/dashboard');
    await screen.shell.expectReady();
    await screen.shell.navigate(c.menu);
    await screen.arrived(c.route);
    await expect(screen.rows.first()).toBeVisible({ timeout: 30_000 });
    const token = JSON.parse((await screen.shell.storedSession())!).accessToken as string;

    await member.grant({ read: [] });
    await screen.filter(c.filter, '~', c.value);
    const failure = page.locator('ion-alert', { hasText: `Permission denied: ${c.section} read.` });
    await expect(failure.locator('.alert-title')).toHaveText('Error');
    await failure.getByRole('button', { name: 'OK' }).click();
    // The logout reloads the page: read the stored session once the reload has reached login.
    await expect.poll(() => screen.shell.path(), { timeout: 15_000 }).toMatch(/^\/login/);
    await expect.poll(() => screen.shell.storedSession().catch(() => 'still loading')).toBeNull();
    // Logged out on the server too: the token the page held names no session any more.
    const check = await request.get('/api/auth/login', { headers: { 'Access-Token': token, 'Access-Email': member.email } });
    expect(((await check.json()) as { authenticated?: boolean }).authenticated).toBe(false);
  });
}
