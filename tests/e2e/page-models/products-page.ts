import { expect, type Locator, type Page } from '@playwright/test';
import { ListScreenModel } from './list-screen';

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

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save', exact: true }).click();
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
    return this.current.locator(`[data-testid="product-history-chart"] td[data-series="${series}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''));
  }
}
