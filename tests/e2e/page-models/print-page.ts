import { readFileSync } from 'node:fs';
import { expect, type Locator } from '@playwright/test';
import { chooseOption, inputOf } from './fields';
import { ListScreenModel } from './list-screen';

/** /print and /print/edit/{storeCode} (src/features/print): the store list, the print list and the PDF it opens. */
export class PrintPage extends ListScreenModel {
  get codeInput(): Locator {
    return inputOf(this.byTestId('print-code'));
  }
  get items(): Locator {
    return this.current.getByTestId('print-items-row');
  }
  get previewLabels(): Locator {
    return this.byTestId('print-preview-label');
  }

  async addCode(code: string): Promise<void> {
    await this.codeInput.fill(code);
    await this.codeInput.press('Enter');
  }

  /** Chooses a product file in the picker behind "Add from file". */
  async addFile(name: string, text: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.byTestId('print-file').click();
    await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  }

  async choose(template: string, paper: string): Promise<void> {
    await this.chooseTemplate(template);
    await this.choosePaper(paper);
  }

  async chooseTemplate(template: string): Promise<void> {
    await chooseOption(this.byTestId('print-template'), template);
  }

  /** A paper type by its value: 'custom' (the member's own sheet) or one of §9's, whose option starts with its name. */
  async choosePaper(paper: string): Promise<void> {
    await chooseOption(
      this.byTestId('print-paper'),
      paper === 'custom' ? /^Your own sheet/ : new RegExp(`^${paper.replace('.', '\\.')} \\(`),
    );
  }

  /** The error dialog's message, then closes it. */
  async expectError(text: string): Promise<void> {
    await expect(this.alert.locator('.alert-message')).toHaveText(text);
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }

  /**
   * Preview and print: answers the PDF's bytes (saved through the panel's download link, as a user keeps a copy)
   * and how long after the PDF was created its tab opened.
   */
  async printPdf(button = 'print-preview-button'): Promise<{ bytes: Uint8Array; openedAfterMs: number }> {
    // Both moments are taken in the page: seen from the test runner on a busy machine, the link can appear late. The
    // delay runs from the PDF's creation (its object URL), not from the link's paint, which React may commit later.
    await this.page.evaluate(() => {
      const marks: { created?: number; opened?: number } = {};
      (window as unknown as { __printMarks: typeof marks }).__printMarks = marks;
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object) => {
        if (object instanceof Blob && object.type === 'application/pdf') marks.created = performance.now();
        return createObjectURL(object);
      };
      const open = window.open.bind(window);
      window.open = (...args) => {
        marks.opened = performance.now();
        return open(...args);
      };
    });
    const popup = this.page.waitForEvent('popup', { timeout: 60_000 });
    await this.byTestId(button).click();
    const link = this.byTestId('print-pdf-link');
    await expect(link).toBeVisible({ timeout: 60_000 });
    const opened = await popup;
    const marks = await this.page.evaluate(() => (window as unknown as { __printMarks: { created: number; opened: number } }).__printMarks);
    const openedAfterMs = marks.opened - marks.created;
    expect(await link.getAttribute('href')).toMatch(/^blob:/);
    await opened.close();
    const download = this.page.waitForEvent('download');
    await this.byTestId('print-pdf-download').click();
    const file = await (await download).path();
    return { bytes: new Uint8Array(readFileSync(file)), openedAfterMs };
  }

  /** Types into a labelled number field of the sheet settings (an ion-input). */
  async setNumber(testId: string, value: number): Promise<void> {
    const input = this.byTestId(testId).locator('input');
    await input.fill(String(value));
    await expect(input).toHaveValue(String(value));
  }

  numberField(testId: string): Locator {
    return this.byTestId(testId).locator('input');
  }

  /** After a row link: the new page alone on view (Ionic shows both while it transitions). */
  async expectOnly(route: string): Promise<void> {
    await expect(this.page.locator(`[data-route="${route}"]`)).toBeVisible();
    await expect(this.current).toHaveCount(1);
    await expect(this.current).toHaveAttribute('data-route', route);
  }
}
