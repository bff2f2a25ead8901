import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption, inputOf } from './fields';
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

  /** A field primitive of the modal (ion-input or ion-select) by the label it shows. */
  private fieldHost(label: string, tag: 'ion-input' | 'ion-select'): Locator {
    return this.modal.locator(tag).filter({ has: this.page.getByText(label, { exact: true }) });
  }

  /** What holds a field's value and focus: the input inside a text field, the select itself. */
  field(label: string): Locator {
    return inputOf(this.fieldHost(label, 'ion-input')).or(this.fieldHost(label, 'ion-select'));
  }

  /** Types into text fields and picks a select's option by its shown label (e.g. 'Load cell (weight)'). */
  async fillModal(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const select = this.fieldHost(label, 'ion-select');
      if (await select.count()) await chooseOption(select, value);
      else await inputOf(this.fieldHost(label, 'ion-input')).fill(value);
    }
  }

  async submitModal(name: 'Assign' | 'Update'): Promise<void> {
    await this.modal.getByRole('button', { name, exact: true }).click();
  }

  /** The message shown under the modal's invalid field. */
  fieldError(): Locator {
    return this.modal.getByRole('alert');
  }

  /** The history's range: both date-time fields typed (yyyy-mm-dd hh:ii:ss), then Show. */
  async showHistoryRange(from: string, to: string): Promise<void> {
    const form = this.current.getByTestId('sensor-history-range');
    await inputOf(form.locator('#sensor-history-start')).fill(from);
    await inputOf(form.locator('#sensor-history-end')).fill(to);
    await form.getByRole('button', { name: 'Show', exact: true }).click();
  }

  async confirm(message: string): Promise<void> {
    await expect(this.alert).toContainText(message);
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }
}
