import { expect, type Locator, type Page } from '@playwright/test';
import { formField, formFieldProblem, formInput, setFormField } from './fields';
import { ListScreenModel } from './list-screen';

/** The store and gateway screens (src/features/store): store table and map, a store's gateways, gateway detail. */
export class StorePage extends ListScreenModel {
  readonly map: Locator;

  constructor(page: Page) {
    super(page);
    this.map = this.current.getByTestId('store-map');
  }

  showView(view: 'table' | 'map'): Promise<void> {
    return this.showViewOf('store', view);
  }

  /** The status a cell's badge carries (the raw value). */
  status(key: string): Locator {
    return this.cell(key, 'status').locator('[data-status]');
  }

  marker(status?: string): Locator {
    return this.map.locator(status ? `.map-marker.map-marker-${status}` : '.map-marker');
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

  constructor(
    readonly page: Page,
    readonly testId: 'gw-update-modal' | 'gw-channel-modal',
  ) {
    this.modal = page.locator(`ion-modal[data-testid="${testId}"]`);
  }

  async expectOpen(): Promise<void> {
    await expect(this.modal.locator('form.form-modal')).toBeVisible();
  }

  /** A field by its form name: "<gwMac>.<setting>" for gateways, "row<i>.<column>" for channel rows. */
  input(name: string): Locator {
    return formInput(this.modal, this.testId, name);
  }

  /** Types a text or picks the option holding the value, as a user does. */
  async set(name: string, value: string): Promise<void> {
    await setFormField(formField(this.modal, this.testId, name), value);
  }

  /** The message under an invalid field. */
  problem(name: string): Locator {
    return formFieldProblem(this.modal, this.testId, name);
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
