import { expect, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** /plus/device and /plus/device/list/:storeCode (src/features/plus): the overview and a store's device list. */
export class PlusDevicesPage extends ListScreenModel {
  showView(view: 'table' | 'map'): Promise<void> {
    return this.showViewOf('plus-device', view);
  }

  /** After a link: the new page is on view alone (Ionic shows both pages while it transitions). */
  async expectRoute(path: string): Promise<void> {
    await expect(this.page.locator(`ion-router-outlet > .ion-page[data-route="${path}"]:not(.ion-page-hidden)`)).toBeVisible({ timeout: 30_000 });
    await expect(this.current).toHaveCount(1);
  }

  /** Ticks a device's row checkbox. */
  async select(mac: string): Promise<void> {
    await this.row(mac).getByRole('checkbox').check();
  }

  /** A toolbar action by its label. */
  action(label: string): Locator {
    return this.current.getByRole('button', { name: label, exact: true });
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

  async confirm(): Promise<void> {
    await this.alert.getByRole('button', { name: 'OK' }).click();
  }

  async openScreenImage(mac: string): Promise<Locator> {
    await this.row(mac).getByTestId('plus-screen').click();
    const img = this.page.getByTestId('plus-screen-viewer').getByTestId('plus-screen-image');
    await expect(img).toBeVisible({ timeout: 30_000 });
    return img;
  }
}
