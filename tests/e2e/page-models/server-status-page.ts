import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The server list and detail screens. Rows carry data-row-key = server id; cells data-field. */
export class ServerStatusModel {
  readonly shell: AppShell;
  readonly list: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.list = page.locator('[data-table-id="servers"]');
    this.detail = page.getByTestId('server-detail');
  }

  async open(request: APIRequestContext, email: string) {
    const login = await this.shell.signIn(request, email);
    await this.shell.goto('/server');
    await expect(this.list.locator('[data-row-key]').first()).toBeVisible();
    return login;
  }

  row(id: string): Locator {
    return this.list.locator(`[data-row-key="${id}"]`);
  }

  rows(): Locator {
    return this.list.locator('[data-row-key]');
  }

  cell(id: string, field: string): Locator {
    return this.row(id).locator(`[data-field="${field}"]`);
  }

  deleteButton(id: string): Locator {
    return this.row(id).getByTestId('server-delete');
  }

  /** The confirm dialog ('Are you sure?'); answers OK. */
  async confirmDelete(id: string): Promise<void> {
    await this.deleteButton(id).click();
    const alert = this.page.locator('ion-alert');
    await expect(alert).toContainText('Are you sure?');
    await alert.locator('button.alert-button', { hasText: /^ok$/i }).click();
  }

  async openDetail(id: string): Promise<void> {
    await this.row(id).locator('[data-field="reportTime"]').click();
    await expect(this.detail).toHaveAttribute('data-server-id', id);
  }

  /** The detail's log download (type 0): the file's text once the browser saved it. */
  async downloadLog(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('server-log-download').click();
    return readFile(await (await download).path(), 'utf8');
  }
}
