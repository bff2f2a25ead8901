import { expect, type Locator } from '@playwright/test';
import { setFormField } from './fields';
import { filterChoice, ListScreenModel } from './list-screen';

/**
 * The paper label screens (src/features/paper): /paper with its table and map, the upload history and its detail,
 * a store's print tasks with the upload button, and a task's labels with the printers' answers.
 */
export class PaperPage extends ListScreenModel {
  readonly map = this.current.getByTestId('paper-map');
  readonly mapList = this.current.getByTestId('paper-map-list');
  readonly popup = this.page.getByTestId('paper-map-popup');

  showView(view: 'table' | 'map'): Promise<void> {
    return this.showViewOf('paper', view);
  }

  /** After a link: Ionic shows the old and the new page side by side until its transition ends. */
  async expectRoute(path: string): Promise<void> {
    await expect(this.page.locator(`ion-router-outlet > .ion-page[data-route="${path}"]:not(.ion-page-hidden)`)).toBeVisible();
    await expect(this.current).toHaveCount(1);
  }

  mapEntry(storeCode: string): Locator {
    return this.mapList.locator(`li[data-item="${storeCode}"] button`);
  }

  /** Sends a file through the task screen's upload button (its hidden file input). */
  async upload(name: string, content: string): Promise<void> {
    await expect(this.byTestId('paper-upload')).toBeEnabled();
    await this.byTestId('paper-upload-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  }

  /** The print result a label's row shows: NONE, SUCCESS or FAIL (the raw value, whatever the language). */
  result(key: string): Locator {
    return this.cell(key, 'result').locator('[data-result]');
  }

  results(): Promise<string[]> {
    return this.table
      .locator('td[data-field="result"] [data-result], div[data-field="result"] [data-result]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-result') ?? ''));
  }

  /** The print result filter of console-admin §5 (an enum filter: one choice). */
  async filterResult(result: 'NONE' | 'SUCCESS' | 'FAIL'): Promise<void> {
    await this.current.getByRole('button', { name: 'Filters' }).click();
    const form = this.current.getByRole('form', { name: 'Filters' });
    await setFormField(filterChoice(form, 'Result'), result);
    await form.getByRole('button', { name: 'Apply' }).click();
  }
}
