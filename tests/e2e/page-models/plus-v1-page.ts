import { expect, type Locator } from '@playwright/test';
import { inputOf } from './fields';
import { ListScreenModel } from './list-screen';

/** The Plus v1 screens (src/features/plus/v1): show editor, set editor, timeline list, schedule and devices. */
export class PlusV1Page extends ListScreenModel {
  field(testId: string): Locator {
    return this.byTestId(testId);
  }

  /** The typing target of a field primitive (an ion-input) by its test id. */
  input(testId: string): Locator {
    return inputOf(this.byTestId(testId));
  }

  async step(name: 'device' | 'content' | 'timeline'): Promise<void> {
    await this.byTestId(`v1-step-${name}`).click();
  }

  /** The alert's text once it shows, then dismissed with OK. */
  async alertText(): Promise<string> {
    await expect(this.alert).toBeVisible();
    const text = (await this.alert.locator('.alert-wrapper').innerText()).replace(/\s+/g, ' ').trim();
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toBeHidden();
    return text;
  }

  /** Chooses a file in the chooser a FilePickButton opens. */
  async pickFile(testId: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.byTestId(testId).click();
    await (await chooser).setFiles(file);
  }

  /** Clicks Export and answers the downloaded file's text. */
  async exportText(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.byTestId('v1-show-export').click();
    const stream = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  timelineArea(n: number): Locator {
    return this.current.getByTestId('v1-timeline-area').nth(n);
  }
}
