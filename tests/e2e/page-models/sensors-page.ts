import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The sensor screens (src/features/sensors): store list, a store's sensors, the assign/update modal, histories. */
export class SensorsPage {
  readonly shell: AppShell;
  readonly current: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly range: Locator;
  readonly modal: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.current = this.shell.current;
    this.table = this.current.locator('[data-table-id]');
    this.rows = this.table.locator('[data-row-key]');
    this.range = this.current.getByTestId('table-range');
    this.modal = page.locator('ion-modal[data-testid="sensor-config-modal"]');
    this.alert = page.locator('ion-alert');
  }

  isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 0) < 768;
  }

  /** A hash change within a loaded app: Ionic shows the old and the new page side by side while it transitions. */
  async open(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
    await expect(this.shell.collectingButton.first()).toBeVisible();
    await expect(this.current).toHaveCount(1);
  }

  /** The keys of the rows on screen, in order (tagMac for sensors, storeCode for stores). */
  rowKeys(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key') ?? ''));
  }

  /** A cell's value: a table cell on a desktop, the value of a card's label/value pair on a phone. */
  cell(key: string, field: string): Locator {
    const row = `[data-row-key="${key}"]`;
    return this.table.locator(`${row} td[data-field="${field}"], ${row} div[data-field="${field}"] > dd`);
  }

  row(key: string): Locator {
    return this.table.locator(`[data-row-key="${key}"]`);
  }

  async showView(view: 'table' | 'map'): Promise<void> {
    // The segment button's host receives the pointer, not the tab inside its shadow root.
    await this.current.getByTestId(`sensor-view-${view}`).click();
    await expect(this.current.getByRole('tab', { name: view === 'map' ? 'Map' : 'Table' })).toHaveAttribute('aria-selected', 'true');
  }

  async expectRows(keys: string[]): Promise<void> {
    await expect.poll(() => this.rowKeys()).toEqual(keys);
  }

  /** Opens the filter panel and applies one text filter with its condition. */
  async filter(label: string, condition: '~' | '==', value: string): Promise<void> {
    await this.current.getByRole('button', { name: 'Filters' }).click();
    const form = this.current.getByRole('form', { name: 'Filters' });
    await form.getByLabel(`Condition of ${label}`).selectOption(condition);
    await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Apply' }).click();
  }

  async select(key: string): Promise<void> {
    await this.table.getByLabel(`Select row ${key}`, { exact: true }).check();
  }

  async action(name: 'Assign' | 'Update' | 'Deassign'): Promise<void> {
    await this.current.locator('.data-table-toolbar').getByRole('button', { name, exact: true }).click();
  }

  field(label: string): Locator {
    return this.modal.getByLabel(label, { exact: true });
  }

  async fillModal(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const input = this.field(label);
      if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(value);
      else await input.fill(value);
    }
  }

  async submitModal(name: 'Assign' | 'Update'): Promise<void> {
    await this.modal.getByRole('button', { name, exact: true }).click();
  }

  /** The message shown under the modal's invalid field. */
  fieldError(): Locator {
    return this.modal.getByRole('alert');
  }

  async confirm(message: string): Promise<void> {
    await expect(this.alert).toContainText(message);
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }
}
