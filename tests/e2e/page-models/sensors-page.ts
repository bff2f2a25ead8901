import { expect, type Locator, type Page } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** The sensor screens (src/features/sensors): store list, a store's sensors, the assign/update modal, histories. */
export class SensorsPage extends ListScreenModel {
  readonly modal: Locator;

  constructor(page: Page) {
    super(page);
    this.modal = page.locator('ion-modal[data-testid="sensor-config-modal"]');
  }

  showView(view: 'table' | 'map'): Promise<void> {
    return this.showViewOf('sensor', view);
  }

  async select(key: string): Promise<void> {
    await this.selectRow(key);
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
