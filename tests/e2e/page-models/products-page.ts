import { expect, type Locator, type Page } from '@playwright/test';
import { ListScreenModel } from './list-screen';
import { formField, setFormField, setTicked } from './fields';

/** The product screens (src/features/products): store overview, a store's products and their modals, update history. */
export class ProductsPage extends ListScreenModel {
  readonly form: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.locator('ion-modal[data-testid="product-form"]');
  }

  async openCreate(): Promise<void> {
    await this.current.getByTestId('product-create-open').click();
    await expect(this.form).toBeVisible();
  }

  async openEdit(prCode: string): Promise<void> {
    await this.current.getByTestId(`product-edit-${prCode}`).click();
    await expect(this.form).toBeVisible();
  }

  /** A text field of the form by its label: the input a user types into. */
  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The form's Layout ID choice (a select of the company's layouts). */
  get layoutField(): Locator {
    return formField(this.form, 'product-form', 'layoutId');
  }

  async chooseLayout(layoutId: string): Promise<void> {
    await setFormField(this.layoutField, layoutId);
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** The labels of the form's product info fields, in order (every field after NFC). */
  async infoLabels(): Promise<string[]> {
    const labels = await this.form.locator('.form-modal-field ion-input .label-text').allInnerTexts();
    return labels.slice(labels.indexOf('NFC') + 1).map((l) => l.trim());
  }

  /** Opens one more product info field ("Add field"). */
  async addInfoField(): Promise<void> {
    await this.form.getByTestId('product-form-add-field').click();
  }

  /** Ticks a column in the table's column chooser, as a user shows a hidden column. */
  async showColumn(label: string, shot?: string): Promise<void> {
    await this.current.getByRole('button', { name: 'Columns' }).click();
    if (shot) await this.page.screenshot({ path: shot });
    await setTicked(this.current.getByRole('checkbox', { name: label, exact: true }));
    await this.current.getByRole('button', { name: 'Columns' }).click();
  }

  /** Waits until the screen of this path is the one on view (Ionic shows the old and new side by side a moment). */
  async arrivedAt(path: string): Promise<void> {
    await this.shell.expectPath(path);
    await expect(this.page.locator(`.ion-page[data-route="${path}"]:not(.ion-page-invisible):not(.ion-page-hidden)`)).toHaveCount(1);
    await expect(this.current).toHaveCount(1);
  }

  /** The product tag list modal. */
  get tagList(): Locator {
    return this.page.locator('ion-modal[data-testid="product-tag-list"]');
  }

  /** The message under the form's first invalid field. */
  fieldError(): Locator {
    return this.form.getByRole('alert');
  }

  async answerAlert(message: string, button: 'OK' | 'Cancel'): Promise<void> {
    await expect(this.alert).toContainText(message);
    await this.alert.getByRole('button', { name: button }).click();
    await expect(this.alert).toBeHidden();
  }

  /** The product file upload modal (its queue of files, each with its state and result). */
  get upload(): Locator {
    return this.page.locator('ion-modal[data-testid="product-upload-modal"]');
  }

  uploadItem(fileName: string): Locator {
    return this.upload.getByTestId('product-upload-item').filter({ hasText: fileName });
  }

  /** Opens the upload modal of the screen on view and chooses the files, as a user picks them. */
  async uploadFiles(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.current.getByTestId('product-upload-open').click();
    await expect(this.upload).toBeVisible();
    await this.upload.getByTestId('product-upload-input').setInputFiles(files);
  }

  async closeUpload(): Promise<void> {
    await this.upload.getByRole('button', { name: 'Close' }).last().click();
    await expect(this.upload).toBeHidden();
  }

  /** The update history chart's numbers (its canvas has a visually hidden table of the same values). */
  chartValues(series: string): Promise<string[]> {
    return this.current
      .locator(`[data-testid="product-history-chart"] td[data-series="${series}"]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''));
  }
}
