import { expect, type Download, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';
import { inputOf, setTicked } from './fields';

/** /plus/template and /plus/schedule with their store lists (src/features/plus/templates, plus-schedule). */
export class PlusTemplatesPage extends ListScreenModel {
  rowByName(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  async selectRow(key: string): Promise<void> {
    await setTicked(this.current.getByRole('checkbox', { name: `Select row ${key}`, exact: true }));
  }

  /** A toolbar action of the table (Export selected, Delete selected). */
  async tableAction(label: string): Promise<void> {
    await this.current.getByRole('button', { name: label, exact: true }).first().click();
  }

  /** Runs `action` and answers the file the browser saved. */
  async download(action: () => Promise<void>): Promise<{ name: string; text: string }> {
    const waiting = this.page.waitForEvent('download');
    await action();
    const file: Download = await waiting;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Chooses a file for the Import button (its input is hidden behind the button). */
  async importFile(name: string, text: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.byTestId('template-import').click();
    await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  /** The alert with this text: its OK (or the confirmation's) button answers it. */
  async answerAlert(text: string, button = 'OK'): Promise<void> {
    const alert = this.alert.filter({ hasText: text });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await alert.getByRole('button', { name: button }).click();
    await expect(alert).toBeHidden();
  }

  get scheduleModal(): Locator {
    return this.page.getByTestId('schedule-modal');
  }

  /** Fills the schedule modal: name, period, the day buttons (0 = Sunday) and one time range per pair. */
  async fillSchedule(s: { name: string; start: string; end: string; days: number[]; ranges: [string, string][] }): Promise<void> {
    const modal = this.scheduleModal;
    await inputOf(modal.getByTestId('schedule-modal-name')).fill(s.name);
    await inputOf(modal.getByTestId('schedule-modal-periodStart')).fill(s.start);
    await inputOf(modal.getByTestId('schedule-modal-periodEnd')).fill(s.end);
    for (const day of s.days) await modal.getByTestId(`schedule-day-${day}`).click();
    for (const [i, [from, to]] of s.ranges.entries()) {
      if (i > 0) await modal.getByTestId('schedule-add-range').click();
      await this.fillRange(i, from, to);
    }
  }

  /** Types the start and end (hh:mm) of the schedule modal's time range `i` (0-based). */
  async fillRange(i: number, from: string, to: string): Promise<void> {
    await inputOf(this.scheduleModal.getByTestId('schedule-range-start').nth(i)).fill(from);
    await inputOf(this.scheduleModal.getByTestId('schedule-range-end').nth(i)).fill(to);
  }
}
