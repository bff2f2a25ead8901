import { expect, type Locator, type Page } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/**
 * /setting/store-config (src/features/settings/store-config-*): the store list with its row actions, the store form
 * with its position picker (map + address search), the sensor config and the migration modals.
 */
export class StoreConfigPage extends ListScreenModel {
  readonly form: Locator;
  readonly picker: Locator;
  readonly sensorForm: Locator;
  readonly migrate: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.locator('ion-modal[data-testid="store-modal"]');
    this.picker = this.form.getByTestId('position-picker');
    this.sensorForm = page.locator('ion-modal[data-testid="store-sensor-modal"]');
    this.migrate = page.locator('ion-modal[data-testid="store-migrate-modal"]');
  }

  /** A store's action: Edit on the row, the others in its "⋯" menu. */
  async rowAction(key: string, testId: 'store-edit' | 'store-sensor' | 'store-delete' | 'store-migrate' | 'store-export' | 'store-status-check'): Promise<void> {
    await this.takeRowAction(key, testId);
  }

  /** A field's input: the browser's (found by name) or the one inside a field primitive (found by the field's id). */
  input(name: string, modal: Locator = this.form): Locator {
    return modal.locator(`[name="${name}"], ion-input[id$="-${name}"] input`);
  }

  async fill(values: Record<string, string>, modal: Locator = this.form): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.input(name, modal).fill(value);
  }

  /** The message under an invalid field. */
  problem(name: string, modal: Locator = this.form): Locator {
    return modal.locator(`[id$="-${name}-error"]`);
  }

  /** The headings of the form's sections, in order. */
  sectionHeadings(): Locator {
    return this.form.locator('form.form-modal h3');
  }

  /** One section of the form, named by its heading. */
  section(heading: string): Locator {
    return this.form.getByRole('region', { name: heading, exact: true });
  }

  saveButton(modal: Locator = this.form): Locator {
    return modal.locator('ion-button[type="submit"]');
  }

  /** How far the form is scrolled inside its dialog. */
  async scrollTop(): Promise<number> {
    return this.form.locator('ion-content').evaluate(async (el) => (await (el as HTMLIonContentElement).getScrollElement()).scrollTop);
  }

  /** Turns the mouse wheel over the middle of the picker's map, Ctrl held or not. */
  async wheelOverMap(deltaY: number, ctrl = false): Promise<void> {
    const map = this.mapZoom();
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    if (ctrl) await this.page.keyboard.down('Control');
    await this.page.mouse.wheel(0, deltaY);
    if (ctrl) await this.page.keyboard.up('Control');
  }

  async submit(modal: Locator = this.form): Promise<void> {
    await modal.locator('ion-button[type="submit"]').click();
  }

  async expectClosed(modal: Locator = this.form): Promise<void> {
    await expect(modal.locator('form.form-modal')).toHaveCount(0);
  }

  /** The picked position as the form holds it ("lat,lng"). */
  position(): Locator {
    return this.picker.getByTestId('position-value');
  }

  mapZoom(): Locator {
    return this.picker.getByTestId('position-map');
  }

  async searchAddress(query: string, pick: string): Promise<void> {
    await this.picker.getByTestId('position-search').fill(query);
    await this.picker.getByTestId('position-search-button').click();
    await this.picker.getByRole('button', { name: pick, exact: true }).click();
  }

  async confirm(text: string): Promise<void> {
    await expect(this.alert).toContainText(text);
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }
}
