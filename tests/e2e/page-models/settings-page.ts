import { expect, type Locator, type Page } from '@playwright/test';
import { formField, formFieldProblem, formInput, setFormField } from './fields';
import { ListScreenModel } from './list-screen';

/** The settings screens of issue 13 (src/features/settings): server config, company config, AMac config. */
export class SettingsPage extends ListScreenModel {
  /** A button of one row's actions column. */
  rowAction(key: string, testId: string): Locator {
    return this.row(key).getByTestId(testId);
  }

  /** An alert's title and message, then its confirming button (OK). */
  async readAlert(): Promise<{ title: string; message: string }> {
    await expect(this.alert).toHaveCount(1);
    const title = (await this.alert.locator('.alert-title').textContent()) ?? '';
    const message = (await this.alert.locator('.alert-message').textContent()) ?? '';
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
    return { title, message };
  }

  async confirm(): Promise<void> {
    await expect(this.alert).toContainText('Are you sure you want to delete?');
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }

  /** The mobile software file input (hidden behind the Upload button). */
  async uploadMobileFile(name: string, buffer: Buffer): Promise<void> {
    await this.byTestId('mobile-upload-input').setInputFiles({ name, mimeType: 'application/vnd.android.package-archive', buffer });
  }
}

/** A FormModal of the settings screens, by its test id. */
export class SettingsForm {
  readonly modal: Locator;

  constructor(
    readonly page: Page,
    readonly testId: 'server-config-modal' | 'smtp-modal' | 'company-modal' | 'amac-modal' | 'notification-modal',
  ) {
    this.modal = page.locator(`ion-modal[data-testid="${testId}"]`);
  }

  async expectOpen(): Promise<void> {
    await expect(this.modal.locator('form.form-modal')).toBeVisible();
  }

  /** The typing target of a field, by the field's name. */
  input(name: string): Locator {
    return formInput(this.modal, this.testId, name);
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await setFormField(formField(this.modal, this.testId, name), value);
  }

  /** The message under an invalid field. */
  problem(name: string): Locator {
    return formFieldProblem(this.modal, this.testId, name);
  }

  async submit(): Promise<void> {
    await this.modal.locator('ion-button[type="submit"]').click();
  }

  /** Ionic keeps the ion-modal element; a closed modal has no content. */
  async expectClosed(): Promise<void> {
    await expect(this.modal.locator('form.form-modal')).toHaveCount(0);
  }
}
