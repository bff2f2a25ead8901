import { expect, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** The code editors (/system/...): CodeMirror, its lint marks, the save button and the test pane. */
export class CodeEditorScreen extends ListScreenModel {
  /** CodeMirror's editable content. */
  get content(): Locator {
    return this.byTestId('code-editor-content');
  }

  /** The syntax marks the linter put into the text. */
  get errorMarks(): Locator {
    return this.byTestId('code-editor').locator('.cm-lintRange-error');
  }

  /** Replaces the whole script by typing it, as a user would after select-all. */
  async write(code: string): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    // insertText: CodeMirror's auto-indent and bracket closing would change what keystrokes type.
    await this.page.keyboard.insertText(code);
  }

  /** The script as the editor holds it. */
  async text(): Promise<string> {
    // CodeMirror may draw spaces as no-break spaces; the text is what the user typed.
    return this.content.evaluate((el) =>
      [...el.querySelectorAll('.cm-line')].map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n'),
    );
  }

  /**
   * Keep the script for a company: the scope switch, then the company (the companies sort by name, so the first
   * may already be it). With unsaved text the page asks whether to take it along: `takeText` answers.
   */
  async chooseCompanyScope(companyCode: string, answer: { takeText?: boolean } = {}): Promise<void> {
    await this.byTestId('code-scope-kind').locator('ion-segment-button').filter({ hasText: 'Company' }).click();
    if (answer.takeText !== undefined) {
      await expect(this.alert).toContainText('is not saved');
      await this.alert.getByRole('button', { name: answer.takeText ? 'OK' : 'Cancel' }).click();
    }
    await this.byTestId('code-scope-company').click();
    await this.page
      .locator('ion-popover ion-item')
      .filter({ hasText: `(${companyCode})` })
      .click();
    await expect(this.byTestId('code-scope-company')).toContainText(`(${companyCode})`);
  }

  async setTestInput(json: string): Promise<void> {
    await this.byTestId('code-test-input').locator('textarea').fill(json);
  }

  async run(): Promise<void> {
    await this.byTestId('code-test-run').click();
  }

  async save(): Promise<void> {
    await this.byTestId('code-save').click();
  }

  get output(): Locator {
    return this.byTestId('code-test-output');
  }

  get error(): Locator {
    return this.byTestId('code-test-error');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.content).toBeVisible({ timeout: 30_000 });
  }
}
