import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin } from '../fixtures/api';

/** The session key of src/platform/session.ts. */
export const SESSION_KEY = 'shelfpad.session';

/** A signed-in page without the login screen: the API's login answer is where the app keeps its session, on every load. */
export async function seedSession(page: Page, session: unknown): Promise<void> {
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
}
/** The language key of src/platform/i18n.ts. */
export const LANGUAGE_KEY = 'shelfpad.language';

/**
 * The shell around every signed-in screen: header (collecting list, language, account menu), sidebar menu and
 * footer. Hooks are test ids and roles rather than texts, so the same model drives all three languages.
 */
export class AppShell {
  /**
   * The page Ionic shows (it keeps the pages it navigated away from mounted but hidden), or the lean page a phone
   * opening /dashboard gets before the console takes over (src/shell/entry.tsx).
   */
  readonly current: Locator;
  /** The current page's title: Ionic's, or the lean page's heading. */
  readonly title: Locator;
  readonly menu: Locator;
  readonly menuItems: Locator;
  readonly footer: Locator;
  readonly collectingButton: Locator;
  readonly collectingCount: Locator;
  readonly collectingList: Locator;
  readonly collectingItems: Locator;

  constructor(readonly page: Page) {
    this.current = page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden), [data-lean-page]');
    this.title = this.current.locator('ion-title, .lean-page__title');
    this.menu = page.getByTestId('side-menu');
    this.menuItems = this.menu.locator('ion-item');
    this.footer = page.getByTestId('app-footer');
    this.collectingButton = this.current.getByTestId('collecting-button');
    this.collectingCount = this.current.getByTestId('collecting-count');
    this.collectingList = page.getByTestId('collecting-list');
    this.collectingItems = this.collectingList.getByTestId('collecting-item');
  }

  /**
   * Sign in without the login screen (that one has its own suite): the API's login answer goes where the app keeps
   * its session before any script of the app runs. Only on the first load, so that a logout survives a reload.
   */
  async signIn(request: APIRequestContext, email: string) {
    const login = await apiLogin(request, email);
    await this.page.addInitScript(
      ([key, value]) => {
        if (sessionStorage.getItem('e2e.seeded')) return;
        sessionStorage.setItem('e2e.seeded', '1');
        sessionStorage.setItem(key, value);
      },
      [SESSION_KEY, JSON.stringify(login.session)] as const,
    );
    return login;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
  }

  /** The router's location: the part after '#'. */
  path(): string {
    return decodeURIComponent(new URL(this.page.url()).hash.slice(1));
  }

  async expectPath(path: string): Promise<void> {
    await expect.poll(() => this.path()).toBe(path);
  }

  /** Waits for a signed-in screen with its header. */
  async expectReady(): Promise<void> {
    // A first load on a busy CI machine (two workers, Chromium and the server on two cores) takes its time.
    await expect(this.collectingButton).toBeVisible({ timeout: 30_000 });
  }

  isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 0) < 992;
  }

  private async menuOpen(): Promise<boolean> {
    // The lean phone dashboard has no menu until its menu button hands the page to the console.
    if ((await this.menu.count()) === 0) return false;
    return this.menu.evaluate((menu) => (menu as HTMLIonMenuElement).isOpen());
  }

  /**
   * Phone: open the drawer with the header's menu button, and wait until it has finished sliding in (Ionic ignores
   * a close asked for during the animation). Desktop: the split pane shows the menu already.
   */
  async openMenu(): Promise<void> {
    if (this.isPhone() && !(await this.menuOpen())) {
      // A tap while the start page is still being replaced (a member the dashboard is not for is sent on to the first
      // screen it may open) can meet the page that is leaving: tapped again, as a user would, if no drawer came.
      await expect(async () => {
        if (!(await this.menuOpen())) await this.current.getByTestId('menu-button').click();
        await expect.poll(() => this.menuOpen(), { timeout: 5_000 }).toBe(true);
      }).toPass({ timeout: 30_000 });
    }
    await expect(this.menu).toBeVisible();
    await expect(this.menu.locator('ion-content')).toBeVisible();
  }

  /** Phone: close the drawer (the page behind it is hidden from assistive technology while it is open). */
  async closeMenu(): Promise<void> {
    if (!this.isPhone()) return;
    await this.menu.evaluate((menu) => (menu as HTMLIonMenuElement).close());
    await expect(this.menu).toBeHidden();
  }

  /** The labels of the sidebar's entries, in order; the drawer is closed again afterwards. */
  async menuLabels(): Promise<string[]> {
    await this.openMenu();
    const labels = (await this.menuItems.locator('ion-label').allTextContents()).map((s) => s.trim());
    await this.closeMenu();
    return labels;
  }

  async navigate(label: string): Promise<void> {
    await this.openMenu();
    await this.menuItems.filter({ hasText: label }).click();
  }

  /**
   * A secondary header button (language, account, company, quick access): in the toolbar on a desktop, in the
   * overflow list behind the "more" button on a phone (issue 10 §4), which this opens first.
   */
  async headerButton(testId: string): Promise<Locator> {
    if (this.page.viewportSize()!.width >= 768) return this.current.getByTestId(testId);
    // Ionic moves each page's overlay under ion-app; the open one is the one to use.
    const list = this.page.locator('[data-testid="header-overflow"]:not(.overlay-hidden)');
    if (!(await list.isVisible())) {
      await this.current.getByTestId('header-more').click();
      await expect(list).toBeVisible();
    }
    return list.getByTestId(testId);
  }

  /** The account menu's button by its accessible name (Ionic hands the aria-label to the inner native button). */
  async accountButton(name: string): Promise<Locator> {
    return (await this.headerButton('user-menu-button')).getByRole('button', { name });
  }

  async openUserMenu(): Promise<Locator> {
    await (await this.headerButton('user-menu-button')).click();
    const menu = this.page.getByRole('menu').filter({ has: this.page.getByTestId('logout-item') });
    await expect(menu).toBeVisible();
    return menu;
  }

  async logout(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByTestId('logout-item').click();
  }

  /** Opens the account modal from the header's account menu (the modal itself is the auth screens' own). */
  async openAccount(): Promise<Locator> {
    const menu = await this.openUserMenu();
    await menu.getByTestId('account-item').click();
    const modal = this.page.locator('ion-modal[data-testid="account-modal"]');
    await expect(modal).toBeVisible();
    return modal;
  }

  async openLoginHistory(): Promise<Locator> {
    const menu = await this.openUserMenu();
    await menu.getByTestId('login-history-item').click();
    const modal = this.page.locator('ion-modal[data-testid="login-history-modal"]');
    await expect(modal).toBeVisible();
    return modal;
  }

  /** Picks a language in the header's switch; the app stores it and reloads in that language. */
  async switchLanguage(language: 'en_US' | 'ja_JP' | 'ko_KR'): Promise<void> {
    await (await this.headerButton('language-button')).click();
    const reload = this.page.waitForEvent('load');
    await this.page.locator(`ion-item[data-language="${language}"]`).click();
    await reload;
    await expect(this.page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
  }

  async openCollecting(): Promise<void> {
    await this.collectingButton.click();
    await expect(this.collectingList).toBeVisible();
  }

  /** The open list's entry of a store. */
  collectingItem(storeCode: string): Locator {
    return this.collectingList.locator(`[data-testid="collecting-item"][data-store="${storeCode}"]`);
  }

  /** Stop a store's item from the open list and answer the confirmation. */
  async stopCollecting(storeCode: string, answer: 'ok' | 'cancel' = 'ok'): Promise<void> {
    await this.collectingItem(storeCode).getByRole('button').click();
    const alert = this.page.locator('ion-alert');
    await expect(alert).toBeVisible();
    await alert
      .locator('button.alert-button')
      .nth(answer === 'ok' ? 1 : 0)
      .click();
    await expect(alert).toHaveCount(0);
  }

  async storedSession(): Promise<string | null> {
    return this.page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  }
}
