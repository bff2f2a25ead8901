import { expect, type Locator, type Page } from '@playwright/test';
import { formField, formFieldProblem, formInput, inputOf, setFormField } from './fields';
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
  async rowAction(
    key: string,
    testId: 'store-edit' | 'store-sensor' | 'store-delete' | 'store-migrate' | 'store-export' | 'store-status-check',
  ): Promise<void> {
    await this.takeRowAction(key, testId);
  }

  /** A chosen file's line in the migration's upload queue: its state (data-state), the share sent (data-sent) and its state's words. */
  migrateFile(name: string): Locator {
    return this.migrate.getByTestId('store-migrate-file').filter({ hasText: name });
  }

  /** The FormModal test id of one of this screen's dialogs (its ion-modal carries the same). */
  private testIdOf(modal: Locator): string {
    return modal === this.sensorForm ? 'store-sensor-modal' : 'store-modal';
  }

  /** The typing target of a form field, by the field's name. */
  input(name: string, modal: Locator = this.form): Locator {
    return formInput(modal, this.testIdOf(modal), name);
  }

  /** Types a text, picks the option holding a value or ticks 'true', as a user does. */
  async fill(values: Record<string, string>, modal: Locator = this.form): Promise<void> {
    for (const [name, value] of Object.entries(values)) await setFormField(formField(modal, this.testIdOf(modal), name), value);
  }

  /** The message under an invalid field. */
  problem(name: string, modal: Locator = this.form): Locator {
    return formFieldProblem(modal, this.testIdOf(modal), name);
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
    return inputOf(this.picker.getByTestId('position-value'));
  }

  mapZoom(): Locator {
    return this.picker.getByTestId('position-map');
  }

  async searchAddress(query: string, pick: string): Promise<void> {
    await inputOf(this.picker.getByTestId('position-search')).fill(query);
    await this.picker.getByTestId('position-search-button').click();
    await this.picker.getByRole('button', { name: pick, exact: true }).click();
  }

  async confirm(text: string): Promise<void> {
    await expect(this.alert).toContainText(text);
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }
}
