import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The store and gateway screens (src/features/store): store table and map, a store's gateways, gateway detail. */
export class StorePage {
  readonly shell: AppShell;
  readonly current: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly map: Locator;
  readonly alert: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.current = this.shell.current;
    this.table = this.current.locator('[data-table-id]').first();
    this.rows = this.table.locator('[data-row-key]');
    this.map = this.current.getByTestId('store-map');
    this.alert = page.locator('ion-alert');
    this.toast = page.locator('ion-toast');
  }

  isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 0) < 768;
  }

  async open(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
    await expect(this.shell.collectingButton.first()).toBeVisible();
    await expect(this.current).toHaveCount(1);
  }

  rowKeys(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key') ?? ''));
  }

  async expectRows(keys: string[]): Promise<void> {
    await expect.poll(() => this.rowKeys()).toEqual(keys);
  }

  /** A cell's value: a table cell on a desktop, the value of a card's label/value pair on a phone. */
  cell(key: string, field: string): Locator {
    const row = `[data-row-key="${key}"]`;
    return this.table.locator(`${row} td[data-field="${field}"], ${row} div[data-field="${field}"] > dd`);
  }

  row(key: string): Locator {
    return this.table.locator(`[data-row-key="${key}"]`);
  }

  /** The status a cell's badge carries (the raw value). */
  status(key: string): Locator {
    return this.cell(key, 'status').locator('[data-status]');
  }

  async showView(view: 'table' | 'map'): Promise<void> {
    // The segment button's host receives the pointer, not the tab inside its shadow root.
    await this.current.getByTestId(`store-view-${view}`).click();
    await expect(this.current.getByRole('tab', { name: view === 'map' ? 'Map' : 'Table' })).toHaveAttribute('aria-selected', 'true');
  }

  marker(status?: string): Locator {
    return this.map.locator(status ? `.map-marker.map-marker-${status}` : '.map-marker');
  }

  async filter(label: string, condition: '~' | '==', value: string): Promise<void> {
    await this.current.getByRole('button', { name: 'Filters' }).click();
    const form = this.current.getByRole('form', { name: 'Filters' });
    await form.getByLabel(`Condition of ${label}`).selectOption(condition);
    await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Apply' }).click();
  }

  /** A fact of the gateway detail (ip, status, time-sync, ...). */
  fact(name: string): Locator {
    return this.current.getByTestId(`gw-${name}`);
  }

  action(testId: 'gw-link-check' | 'gw-reboot' | 'gw-log-download' | 'gw-edit' | 'gw-delete'): Locator {
    return this.current.getByTestId(testId);
  }

  /** The gateway detail's 24 h chart: its numbers are in a hidden table, one row per point in time. */
  historyRows(): Locator {
    return this.current.locator('[data-testid^="gw-history-chart-row-"]');
  }

  // ---- Store detail: the writes over its gateways ----

  storeAction(testId: 'gw-update-all' | 'gw-channel-open' | 'gw-predefined-import'): Locator {
    return this.current.getByTestId(testId);
  }

  async selectRow(key: string): Promise<void> {
    await this.row(key).locator('input[type="checkbox"]').check();
  }

  /** The toolbar action over the selected gateways ("Update"). */
  async updateSelected(): Promise<void> {
    await this.table.locator('.data-table-toolbar ion-button', { hasText: /^Update$/ }).click();
  }

  async importPredefined(name: string, content: string): Promise<void> {
    await this.current.getByTestId('gw-predefined-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  }

  /** An alert's title and message, then OK. */
  async readAlert(): Promise<{ title: string; message: string }> {
    await expect(this.alert).toHaveCount(1);
    const title = (await this.alert.locator('.alert-title').textContent()) ?? '';
    const message = (await this.alert.locator('.alert-message').textContent()) ?? '';
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
    return { title, message };
  }
}

/** A FormModal of the store screens: the gateway update (one or ALL) or the channel setting. */
export class StoreFormModal {
  readonly modal: Locator;

  constructor(readonly page: Page, testId: 'gw-update-modal' | 'gw-channel-modal') {
    this.modal = page.locator(`ion-modal[data-testid="${testId}"]`);
  }

  async expectOpen(): Promise<void> {
    await expect(this.modal.locator('form.form-modal')).toBeVisible();
  }

  /** A value by its form name: "<gwMac>.<setting>" for gateways, "row<i>.<column>" for channel rows. */
  input(name: string): Locator {
    return this.modal.locator(`[name="${name}"]`);
  }

  /** The message under an invalid field. */
  problem(name: string): Locator {
    return this.input(name).locator('xpath=..').locator('ion-note[role="alert"]');
  }

  tool(testId: 'gw-channel-add' | 'gw-channel-remove'): Locator {
    return this.modal.getByTestId(testId);
  }

  async submit(): Promise<void> {
    await this.modal.locator('ion-button[type="submit"]').click();
  }

  async close(): Promise<void> {
    await this.modal.locator('ion-toolbar ion-button').click();
    await this.expectClosed();
  }

  /** Ionic keeps the ion-modal element; a closed modal has no content. */
  async expectClosed(): Promise<void> {
    await expect(this.modal.locator('form.form-modal')).toHaveCount(0);
  }
}
