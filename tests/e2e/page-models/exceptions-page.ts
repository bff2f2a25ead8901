import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';
import { choosePageSize } from './list-screen';

/** The exceptions screen: gauges by kind (raw numbers in data-value), the selected kind's list and its download. */
export class ExceptionsModel {
  readonly shell: AppShell;
  readonly gauges: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.gauges = page.getByTestId('exc-gauges');
  }

  /** Signs in and opens /exceptions with `store` as the remembered pick (the screen keeps it on the device). */
  async open(request: APIRequestContext, email: string, store: string) {
    const login = await this.shell.signIn(request, email);
    await this.page.addInitScript((code) => localStorage.setItem('shelfpad.exceptions.store', code), store);
    await this.shell.goto('/exceptions');
    await expect(this.gauges).toHaveAttribute('data-store', store);
    return login;
  }

  gaugeValue(kind: string): Locator {
    return this.page.getByTestId(`exc-${kind}-gauge-value`);
  }

  async showList(kind: string): Promise<Locator> {
    await this.page.getByTestId(`exc-${kind}`).click();
    const list = this.page.getByTestId(`exc-list-${kind}`);
    await expect(list).toBeVisible();
    return list;
  }

  rows(list: Locator): Locator {
    return list.locator('[data-row-key]');
  }

  /** Picks the "all" page size so that every row of the list is on screen. */
  async showAll(list: Locator): Promise<void> {
    await choosePageSize(list, -1);
  }

  /** A tap on a row (a card on a phone) beside its text: opens the tag's modal. */
  async openTag(list: Locator, tagMac: string): Promise<Locator> {
    await list.locator(`[data-row-key="${tagMac}"] [data-field="status"]`).click();
    const modal = this.page.locator('ion-modal[data-testid="exc-tag"]');
    await expect(modal).toBeVisible();
    return modal;
  }

  async download(list: Locator): Promise<Download> {
    const event = this.page.waitForEvent('download');
    await list.getByRole('button', { name: /download/i }).click();
    return event;
  }
}
