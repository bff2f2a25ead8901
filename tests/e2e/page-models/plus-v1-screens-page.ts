import { expect, type Locator } from '@playwright/test';
import { formField, formInput, setFormField } from './fields';
import { ListScreenModel } from './list-screen';

/**
 * The Plus v1 master and content screens (src/features/plus/v1/v1-master-page.tsx, v1-content-page.tsx): the device
 * table with its row actions (assign, settings, delete) and the config and assign dialogs; the content table with
 * its group tree, preview pane and upload.
 */
export class PlusV1ScreensPage extends ListScreenModel {
  /** After a menu entry: the new page is on view alone (Ionic shows both pages while it transitions). */
  async expectRoute(path: string): Promise<void> {
    await expect(this.page.locator(`ion-router-outlet > .ion-page[data-route="${path}"]:not(.ion-page-hidden)`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(this.current).toHaveCount(1);
  }

  /** The header texts of the table's columns, in order (the selection box's column has none). */
  async columnLabels(): Promise<string[]> {
    const texts = await this.table.locator('thead th').allInnerTexts();
    return texts.map((t) => t.trim()).filter(Boolean);
  }

  // The master's device config dialog (v1-config-modal.tsx).
  get configDialog(): Locator {
    return this.page.getByTestId('v1-config');
  }

  async openConfig(mac: string): Promise<void> {
    await this.takeRowAction(mac, 'v1-master-settings');
    await expect(this.configDialog).toBeVisible({ timeout: 30_000 });
  }

  configInput(name: string): Locator {
    return formInput(this.configDialog, 'v1-config', name);
  }

  async setConfig(name: string, value: string): Promise<void> {
    await setFormField(formField(this.configDialog, 'v1-config', name), value);
  }

  /** Save: the dialog closes once the server has taken the config. */
  async saveConfig(): Promise<void> {
    await this.configDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await this.expectToast('Complete!');
    await expect(this.configDialog).toBeHidden();
  }

  // The master's assign dialog (v1-assign-modal.tsx): the MAC entry of the handheld, opened on the row's address.
  get assignDialog(): Locator {
    return this.page.getByTestId('v1-assign');
  }

  async openAssign(mac: string): Promise<void> {
    await this.takeRowAction(mac, 'v1-master-assign');
    await expect(this.assignDialog).toBeVisible();
  }

  /** Types a product code and Enter: it joins the dialog's list. */
  async addProduct(code: string): Promise<void> {
    const field = this.assignDialog.getByRole('textbox', { name: 'Product Code' });
    await field.fill(code);
    await field.press('Enter');
    await expect(this.assignDialog.getByTestId('v1-assign-products')).toContainText(code);
  }

  async assign(): Promise<void> {
    await this.assignDialog.getByTestId('v1-assign-submit').click();
  }

  async closeAssign(): Promise<void> {
    await this.assignDialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.assignDialog).toBeHidden();
  }

  // The content screen.
  get preview(): Locator {
    return this.current.getByTestId('v1-content-preview');
  }

  /** A group of the tree by its name ('All groups' and 'No group' head the tree). */
  group(name: string): Locator {
    return this.current.getByRole('navigation', { name: 'Content groups' }).getByRole('button', { name, exact: true });
  }

  /** The content row by its name. */
  contentRow(name: string): Locator {
    return this.rows.filter({ has: this.page.locator('[data-field="name"]', { hasText: name }) });
  }

  /** Uploads files through the toolbar's Upload (a file chooser). */
  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.current.getByTestId('v1-content-upload').click();
    await (await chooser).setFiles(files);
  }
}
