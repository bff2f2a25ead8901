import { expect, type Locator, type Request } from '@playwright/test';
import { inputOf } from './fields';
import { PlusDevicesPage } from './plus-devices-page';

/**
 * A store's Plus device list (src/features/plus/devices/plus-device-list-page.tsx) with what the device info dialog and the
 * row's remove need: the dialog's fields as a user works them, the config saves the page sends, a row's removal.
 */
export class PlusDeviceInfoPage extends PlusDevicesPage {
  /** The device info dialog (plus-device-info-modal.tsx). */
  get infoDialog(): Locator {
    return this.page.getByTestId('plus-info-modal');
  }

  /** The dialog's name field (an ion-input) and the box a user types into. */
  get nameField(): Locator {
    return this.infoDialog.getByTestId('plus-info-name');
  }

  get nameInput(): Locator {
    return inputOf(this.nameField);
  }

  /** Opens a device's info dialog from the gear on its row; answers once the device's values are in. */
  async openInfo(mac: string): Promise<void> {
    await this.takeRowAction(mac, 'plus-info');
    await expect(this.infoDialog).toBeVisible();
    await expect(this.nameField).toBeVisible({ timeout: 30_000 });
  }

  /** "OK": the dialog closes. */
  async closeInfo(): Promise<void> {
    await this.infoDialog.getByTestId('plus-info-ok').click();
    await expect(this.infoDialog).toBeHidden();
  }

  /**
   * Records each device config save the page sends (POST /api/plus/device/config) with the moment it left, as seen
   * by the test: the autosave is the page's own, so this is how a test knows when and how often it happened.
   */
  recordConfigSaves(): { at: number; body: Record<string, unknown> }[] {
    const saves: { at: number; body: Record<string, unknown> }[] = [];
    this.page.on('request', (r: Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/plus/device/config')
        saves.push({ at: Date.now(), body: r.postDataJSON() as Record<string, unknown> });
    });
    return saves;
  }

  /** The trash on a device's row (on the row or in its "⋯" menu), then OK on the confirmation. */
  async removeDevice(mac: string): Promise<void> {
    await this.takeRowAction(mac, 'plus-remove');
    await this.confirm();
  }
}
