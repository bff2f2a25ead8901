import { expect, type Locator } from '@playwright/test';
import { chooseOption, chosenText, exactText, formField } from './fields';
import { ListScreenModel } from './list-screen';

/** /plus/device and /plus/device/list/:storeCode (src/features/plus): the overview and a store's device list. */
export class PlusDevicesPage extends ListScreenModel {
  showView(view: 'table' | 'map'): Promise<void> {
    return this.showViewOf('plus-device', view);
  }

  /** After a link: the new page is on view alone (Ionic shows both pages while it transitions). */
  async expectRoute(path: string): Promise<void> {
    await expect(this.page.locator(`ion-router-outlet > .ion-page[data-route="${path}"]:not(.ion-page-hidden)`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(this.current).toHaveCount(1);
  }

  /** Ticks a device's row checkbox. */
  async select(mac: string): Promise<void> {
    await this.selectRow(mac);
  }

  /** A toolbar action by its label. */
  action(label: string): Locator {
    return this.current.getByRole('button', { name: label, exact: true });
  }

  /** The phone toolbar's "Other list actions" menu button, and an action inside the open menu. */
  get moreButton(): Locator {
    return this.current.getByRole('button', { name: 'Other list actions' });
  }

  async moreAction(label: string): Promise<Locator> {
    await this.moreButton.click();
    return this.current.getByRole('group', { name: 'Other list actions' }).getByRole('button', { name: label, exact: true });
  }

  /** The upload-software dialog (also the software list and removal). */
  get softwareDialog(): Locator {
    return this.page.getByTestId('plus-software');
  }

  async uploadSoftware(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.softwareDialog.getByTestId('plus-software-upload').click();
    await (await chooser).setFiles([file]);
  }

  /** Answers the alert's text prompt (search keyword, blink code) and OK. */
  async answerText(value: string): Promise<void> {
    await this.alert.locator('input').fill(value);
    await this.alert.getByRole('button', { name: 'OK' }).click();
  }

  /** Opens a device's camera picture; answers the image once it is shown. */
  async openCameraImage(mac: string): Promise<Locator> {
    await this.takeRowAction(mac, 'plus-camera');
    const img = this.page.getByTestId('plus-screen-viewer').getByTestId('plus-screen-image');
    await expect(img).toBeVisible({ timeout: 30_000 });
    return img;
  }

  /** The image the screen viewer showed last (a blob URL), so that the next look waits for a new one. */
  private lastScreen = '';

  /**
   * Opens a device's screen image, reads the colour of its bottom-right pixel (where a slide's background shows)
   * as '#rrggbb', and closes the viewer again, as a user looks at the screen now and then.
   */
  async screenColour(mac: string): Promise<string> {
    await this.takeRowAction(mac, 'plus-screen');
    const viewer = this.page.getByTestId('plus-screen-viewer');
    const img = viewer.getByTestId('plus-screen-image');
    // The viewer is closed whatever happens: a look that gave up with it open (a slow image on a busy machine) left
    // it over the list, so every later look of a poll failed too (plus-show-flow, held out in 2026-11).
    try {
      await expect(img).toBeVisible({ timeout: 30_000 });
      // Reopened, the viewer may show the last image until the new one has arrived.
      if (this.lastScreen) await expect(img).not.toHaveAttribute('src', this.lastScreen, { timeout: 30_000 });
      this.lastScreen = (await img.getAttribute('src')) ?? '';
      return await img.evaluate(async (el: HTMLImageElement) => {
        await el.decode();
        const canvas = document.createElement('canvas');
        canvas.width = el.naturalWidth;
        canvas.height = el.naturalHeight;
        const g = canvas.getContext('2d')!;
        g.drawImage(el, 0, 0);
        const [r, gr, b] = g.getImageData(canvas.width - 1, canvas.height - 1, 1, 1).data;
        return `#${[r, gr, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      });
    } finally {
      await viewer.getByRole('button', { name: 'Close' }).click();
      await expect(viewer).toBeHidden();
    }
  }

  /** Applies a template (its option label, e.g. 'Weekly promo (23.1)') to the selected devices. */
  async applyTemplate(macs: string[], label: string): Promise<void> {
    for (const mac of macs) await this.select(mac);
    await this.action('Apply template').click();
    const dialog = this.page.getByTestId('plus-template-apply');
    const choice = formField(dialog, 'plus-template-apply', 'template');
    await expect(choice.locator('ion-select-option', { hasText: label })).toHaveCount(1, { timeout: 30_000 });
    await chooseOption(choice, exactText(label));
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await this.expectToast('Complete!');
  }

  /** The status shown in a device's row. */
  status(mac: string): Locator {
    return this.cell(mac, 'status');
  }

  /** Answers the alert's number prompt with a value and OK. */
  async answerNumber(value: string): Promise<void> {
    await this.alert.locator('input').fill(value);
    await this.alert.getByRole('button', { name: 'OK' }).click();
  }

  /** Picks a radio choice of the alert, then OK. */
  async answerChoice(label: string): Promise<void> {
    await this.alert.getByRole('radio', { name: label }).click();
    await this.alert.getByRole('button', { name: 'OK' }).click();
  }

  /** OK on the alert, or on the one given when another may still be leaving. */
  async confirm(alert: Locator = this.alert): Promise<void> {
    await alert.getByRole('button', { name: 'OK' }).click();
  }

  async openScreenImage(mac: string): Promise<Locator> {
    await this.takeRowAction(mac, 'plus-screen');
    const img = this.page.getByTestId('plus-screen-viewer').getByTestId('plus-screen-image');
    await expect(img).toBeVisible({ timeout: 30_000 });
    return img;
  }

  /** Opens a device's info dialog from its row, chooses a time zone in it and closes it with OK. */
  async setTimeZone(mac: string, zone: string): Promise<void> {
    await this.takeRowAction(mac, 'plus-info');
    const dialog = this.page.getByTestId('plus-info-modal');
    const tz = dialog.getByTestId('plus-info-tz');
    await chooseOption(tz, new RegExp(`^${zone}$`));
    await expect(chosenText(tz)).toHaveText(zone);
    await dialog.getByTestId('plus-info-ok').click();
    await expect(dialog).toBeHidden();
  }
}
