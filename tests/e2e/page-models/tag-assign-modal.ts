import { expect, type Locator, type Page } from '@playwright/test';

export type AssignPart = 'Single' | 'Multi' | 'File';
type FieldLabel = 'Tag ID' | 'Product Code' | 'Default Product Code' | 'Product Codes' | 'Layout Id' | 'NFC';

/** The tag assign modal (console-core §2) as a user drives it: pick a part, fill it, assign, read the answer. */
export class TagAssignModalModel {
  readonly modal: Locator;
  /** The part's answer line: success, queued or the error message. */
  readonly note: Locator;

  constructor(readonly page: Page) {
    this.modal = page.locator('ion-modal[data-testid="tag-assign-modal"]');
    this.note = this.modal.getByTestId('assign-note');
  }

  /** From the scan screen's Assign mode. */
  async openFromScan() {
    await this.page.getByTestId('open-tag-assign').click();
    await expect(this.modal.locator('ion-title')).toContainText('Tag Assign');
  }

  async part(label: AssignPart) {
    await this.modal.locator('ion-segment-button', { hasText: label }).click();
    await expect(this.modal.getByTestId(`${label.toLowerCase()}-assign`)).toBeVisible();
  }

  field(label: FieldLabel): Locator {
    // On a phone Ionic's scroll assist briefly clones a focused input (as login-page.ts knows): never the clone.
    return this.modal.getByRole('textbox', { name: label, exact: true }).and(this.page.locator(':not(.cloned-input)'));
  }

  async fill(label: FieldLabel, value: string) {
    await this.field(label).fill(value);
  }

  async assign(part: AssignPart) {
    await this.modal.getByTestId(`${part.toLowerCase()}-assign-submit`).click();
  }

  async chooseCsv(name: string, content: string) {
    await this.modal.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  }

  /** The 'Error' dialog of a failed call; answers its message and closes it. */
  async errorDialog(): Promise<string> {
    const alert = this.page.locator('ion-alert');
    await expect(alert.locator('.alert-title')).toHaveText('Error');
    const message = await alert.locator('.alert-message').innerText();
    await alert.getByRole('button', { name: 'OK' }).click();
    return message;
  }

  async close() {
    await this.modal.getByTestId('tag-assign-close').click();
    await expect(this.modal).toHaveCount(0);
  }
}

/** Deassign and Blink work on tags or Plus devices: the segment above the field. */
export async function pickScanTarget(page: Page, label: 'Tags' | 'Plus devices') {
  await page.getByTestId('scan-target').getByRole('tab', { name: label, exact: true }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}
