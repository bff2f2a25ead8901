import { expect, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';
import { inputOf, setTicked } from './fields';

/** /setting/ota-config and its task detail page (src/features/ota): stores, gateways, firmware, history. */
export class OtaPage extends ListScreenModel {
  /** A DataTable of the page by its id (stores, gateways, history, detail). */
  tableOf(id: 'ota-stores' | 'ota-gateways' | 'ota-history' | 'ota-detail'): Locator {
    return this.current.locator(`[data-table-id="${id}"]`);
  }

  rowOf(id: 'ota-stores' | 'ota-gateways' | 'ota-history' | 'ota-detail', key: string): Locator {
    return this.tableOf(id).locator(`[data-row-key="${key}"]`);
  }

  async chooseStore(storeCode: string): Promise<void> {
    await this.rowOf('ota-stores', storeCode).click();
    await expect(this.byTestId('ota-gateways')).toBeVisible();
  }

  async uploadFirmware(name: string, buffer: Buffer): Promise<void> {
    await this.byTestId('ota-choose-file-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  }

  /** The typing target of a start parameter (a TextField), by the parameter's name. */
  field(name: string): Locator {
    return inputOf(this.byTestId(`ota-field-${name}`));
  }

  async tickGateway(gwMac: string): Promise<void> {
    await setTicked(this.rowOf('ota-gateways', gwMac).getByRole('checkbox'));
  }

  async start(): Promise<void> {
    await this.byTestId('ota-gateways').getByRole('button', { name: 'Start OTA' }).click();
  }

  /** An alert's title and message, then OK. */
  async readAlert(): Promise<{ title: string; message: string }> {
    await expect(this.alert).toHaveCount(1);
    const title = (await this.alert.locator('.alert-title').textContent()) ?? '';
    const message = (await this.alert.locator('.alert-message').textContent()) ?? '';
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
    return { title, message };
  }

  progressOf(taskId: string): Locator {
    return this.byTestId(`ota-progress-${taskId}`);
  }
}
