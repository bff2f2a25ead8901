import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/**
 * The phone's ways between screens (issue 31 §4): the header's Scan button beside the title (never behind "More"),
 * the outbox queue's Back, and the drawer. Found by role and test id in the page the member sees.
 */
export class PhoneNav {
  readonly shell: AppShell;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  /** The header's Scan button of the page on screen, in the toolbar itself (not in the overflow list). */
  get scanButton(): Locator {
    return this.scanButtonNamed('Scan');
  }

  /** The header's Scan as it is named in the member's language (スキャン in Japanese). */
  scanButtonNamed(name: string): Locator {
    return this.shell.current
      .locator('ion-header, .lean-page__header')
      .getByRole('link', { name, exact: true })
      .or(this.shell.current.locator('ion-header').getByRole('button', { name, exact: true }));
  }

  /** One tap on the header's Scan: lands on the scan screen. */
  async tapScan(): Promise<void> {
    await expect(this.scanButton).toBeVisible();
    await this.scanButton.click();
    await this.shell.expectPath('/scan');
    await this.expectTitle('Scan');
  }

  /** The scan screen's outbox button opens the queue. */
  async openQueue(): Promise<void> {
    await this.shell.current.getByTestId('pending-count').click();
    await this.shell.expectPath('/scan/queue');
    await this.expectTitle('Outbox queue');
  }

  /** The page on view once Ionic's transition is over (during it, the page left is on view as well). */
  async expectTitle(title: string): Promise<void> {
    const titled = this.page.locator('ion-title, .lean-page__title').filter({ hasText: new RegExp(`^${title}$`) });
    await expect(this.shell.current.filter({ has: titled })).toBeVisible();
    await expect(this.shell.current).toHaveCount(1);
    await expect(this.shell.title).toHaveText(title);
  }

  /** The queue's Back: a link to the scan screen. */
  get queueBack(): Locator {
    return this.shell.current.getByRole('link', { name: 'Back', exact: true });
  }

  /**
   * The scan screen's "More" (language, account), on the lean handheld app as in the console: the tap hands the page
   * to the console, which opens its list; then a language is picked there, and the app reloads in it.
   */
  async switchLanguageFromScan(language: 'en_US' | 'ja_JP' | 'ko_KR'): Promise<void> {
    await this.page.getByTestId('header-more').filter({ visible: true }).click();
    const list = this.page.locator('[data-testid="header-overflow"]:not(.overlay-hidden)');
    await expect(list).toBeVisible({ timeout: 30_000 });
    await list.getByTestId('language-button').click();
    const reload = this.page.waitForEvent('load');
    await this.page.locator(`ion-item[data-language="${language}"]`).click();
    await reload;
    await expect(this.page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
  }
}
