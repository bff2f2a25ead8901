import { expect, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** /plus/{image|video|widget} and their store lists (src/features/plus/media). */
export class PlusMediaPage extends ListScreenModel {
  get uploadButton(): Locator {
    return this.byTestId('plus-media-upload-button');
  }

  /** Chooses files in the upload's file chooser (its input is hidden behind the Upload button). */
  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.uploadButton.click();
    await (await chooser).setFiles(files);
  }

  /** Counts, from now on, the most per-file progress bars the upload dialog shows at once (it closes when all are done). */
  async watchProgress(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { plusProgressMax: number; plusProgressDone: number };
      w.plusProgressMax = 0;
      w.plusProgressDone = 0;
      new MutationObserver(() => {
        const items = document.querySelectorAll('[data-testid="plus-media-upload-file"]');
        w.plusProgressMax = Math.max(w.plusProgressMax, items.length);
        w.plusProgressDone = Math.max(
          w.plusProgressDone,
          document.querySelectorAll('[data-testid="plus-media-upload-file"][data-state="done"]').length,
        );
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  }

  progressSeen(): Promise<{ max: number; done: number }> {
    return this.page.evaluate(() => {
      const w = window as unknown as { plusProgressMax: number; plusProgressDone: number };
      return { max: w.plusProgressMax, done: w.plusProgressDone };
    });
  }

  rowByName(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  /** The row's thumbnail once its picture has loaded; answers its natural size. */
  async thumbnailSize(name: string): Promise<{ width: number; height: number }> {
    const img = this.rowByName(name).getByTestId('plus-media-thumb-image');
    await expect(img).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    return img.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }));
  }

  get uploadDialog(): Locator {
    return this.page.getByTestId('plus-media-upload');
  }
}
