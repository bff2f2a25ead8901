import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The header's global company selection (console-core §2, §6); hooks are test ids and company codes. */
export class CompanySwitch {
  readonly shell: AppShell;
  readonly button: Locator;
  readonly popover: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    // On a phone it sits in the header's overflow list, which stays mounted while closed.
    this.button = page
      .locator(
        'ion-router-outlet > .ion-page:not(.ion-page-hidden) [data-testid="company-button"], [data-testid="header-overflow"] [data-testid="company-button"]',
      )
      .first();
    this.popover = page.getByTestId('company-popover');
  }

  /** The codes offered, '' standing for all companies. */
  async choices(): Promise<string[]> {
    await (await this.shell.headerButton('company-button')).click();
    await expect(this.popover.locator('ion-item').first()).toBeVisible();
    const codes = await this.popover
      .locator('ion-item[data-company]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
    await this.page.keyboard.press('Escape');
    await expect(this.popover).toBeHidden();
    return codes;
  }

  /** Picks a company ('' for all) and waits for the header to carry the pick. */
  async pick(code: string): Promise<void> {
    await (await this.shell.headerButton('company-button')).click();
    await this.popover.locator(`ion-item[data-company="${code}"]`).click();
    await expect(this.popover).toBeHidden();
    await expect(this.button).toHaveAttribute('data-company', code);
  }
}
