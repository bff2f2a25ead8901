import { expect, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** /sw-upgrade: the versions card and the package upload (role -1). */
export class SwUpgradePage extends ListScreenModel {
  fact(name: 'version' | 'grm-version' | 'grm-date' | 'gmp-version' | 'gmp-date'): Locator {
    return this.byTestId(`sw-${name}`);
  }

  async upload(name: string, content: Buffer): Promise<void> {
    await this.byTestId('sw-upload-input').setInputFiles({ name, mimeType: 'application/x-tar', buffer: content });
  }

  /** The error dialog's title and message, then closed. */
  async readAlert(): Promise<{ title: string; message: string }> {
    await expect(this.alert).toHaveCount(1, { timeout: 30_000 });
    const title = (await this.alert.locator('.alert-title').textContent()) ?? '';
    const message = (await this.alert.locator('.alert-message').textContent()) ?? '';
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
    return { title, message };
  }
}
