import { expect, type Locator, type Page } from '@playwright/test';
import { seedSession } from './app-shell';
import type { FeedbackKind } from '../../../src/scan/feedback';

type ScanFieldLabel = 'Tag ID' | 'Product Code' | 'Device address (MAC)';

/**
 * The handheld scan screen as staff use it: a store, a mode, and a scanner that types into the page. Opened at
 * /#/scan it is the lean handheld app (no Ionic); the same screen runs inside the console once that has loaded.
 */
export class ScanPageModel {
  readonly storePicker: Locator;
  readonly error: Locator;
  readonly logLines: Locator;
  /** The assign flow's line saying what to scan next, and the step (Tag, Product) marked as the current one. */
  readonly stepCue: Locator;
  readonly currentStep: Locator;
  /** The header's outbox button: its name says how many writes wait ('{n} pending'). */
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.pending = page.getByTestId('pending-count');
    this.storePicker = page.getByTestId('store-picker');
    this.error = page.getByTestId('scan-error');
    this.logLines = page.getByTestId('scan-log-line');
    this.stepCue = page.getByTestId('scan-step');
    this.currentStep = page.getByTestId('pair-steps').locator('[aria-current="step"]');
  }

  async open(session: unknown) {
    await seedSession(this.page, session);
    await this.page.addInitScript(() => localStorage.setItem('shelfpad.testHooks', '1'));
    await this.page.goto('/#/scan');
    await expect(this.storePicker).toBeVisible();
  }

  async pickStore(code: string) {
    await this.storePicker.selectOption(code);
    // The store's product download keeps the main thread busy, and CDP sends each key only once the page has
    // handled the previous one: a scan typed meanwhile would arrive with gaps no scanner makes.
    await expect(this.page.getByTestId('product-cache')).toBeVisible({ timeout: 30_000 });
    await this.idle();
    await this.releaseFocus();
  }

  /**
   * How the store choice on view sits on screen (the scan screen's, or the exceptions screen's): the lines its label's
   * word takes, and the right edge of its select.
   */
  async storePickerLayout(): Promise<{ labelLines: number; selectRight: number }> {
    return this.storePicker.filter({ visible: true }).evaluate((select) => {
      const word = [...(select.parentElement?.childNodes ?? [])].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      const range = document.createRange();
      if (word) range.selectNodeContents(word);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { labelLines: lines.size, selectRight: select.getBoundingClientRect().right };
    });
  }

  async mode(label: string) {
    await this.page.getByTestId('scan-modes').getByRole('tab', { name: label, exact: true }).click();
    await this.releaseFocus();
  }

  /** What a wedge scanner does: the code as key events at `msPerChar`, then Enter. */
  async scan(code: string, msPerChar = 10) {
    await this.page.keyboard.type(code, { delay: msPerChar });
    await this.page.keyboard.press('Enter');
  }

  /**
   * A wedge scan that the page must take. CDP hands the page each key only after it handled the previous one, so
   * on a starved CPU (two browsers and the server on two cores) keys of one burst can arrive 100-250 ms late. The
   * detector judges a burst by its average over the whole burst, so one late key no longer cuts the code short;
   * a burst slowed down more than that is rejected whole (never taken as another code), and is then scanned again
   * (at most four times), once `accepted` shows it was not taken — as staff would. A scan again comes without the
   * 10 ms pause between keys (scanners send 0–30 ms): what is left of each key's time is the CDP round trip.
   * Each attempt waits longer for the page to show the scan (2, 4, 6 … s): a scan taken late on a starved CPU and
   * then sent again would reach the next step as a second code.
   */
  async scanTaken(code: string, accepted: () => Promise<boolean>) {
    for (let attempt = 1; ; attempt++) {
      await this.scan(code, attempt === 1 ? 10 : 0);
      try {
        await expect.poll(accepted, { timeout: 2_000 * attempt }).toBe(true);
        return;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  }

  /** Until the page's start-up work (lazy chunks, first reads) is over: see pickStore for why keys need that. */
  async idle() {
    await this.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
  }

  field(label: ScanFieldLabel): Locator {
    return this.page.getByRole('textbox', { name: label });
  }

  /** What a person does: type into the field by hand (no key rhythm: never a wedge scan), then press Enter. */
  async typeInto(label: ScanFieldLabel, text: string, submit = false) {
    await this.field(label).fill(text);
    if (submit) await this.field(label).press('Enter');
  }

  /** The camera button at the end of a scan field. */
  cameraButton(label: ScanFieldLabel): Locator {
    return this.page
      .locator('[data-scan-field]')
      .filter({ has: this.field(label) })
      .getByRole('button', { name: 'Scan with camera' });
  }

  /** The Plus assign form: its MAC entry state (plus-signage §4) is on screen as "State n". */
  async expectPlusState(state: 0 | 1 | 2) {
    await expect(this.page.getByTestId('plus-state')).toHaveText(`State ${state}`);
    await expect(this.page.getByTestId('plus-mode')).toHaveAttribute('data-state', String(state));
  }

  plusButton(name: 'Add' | 'Assign' | 'Deassign'): Locator {
    return this.page.getByTestId('plus-mode').getByRole('button', { name, exact: true });
  }

  /** State 1's list of product codes, as chips. */
  plusList(): Locator {
    return this.page.getByTestId('plus-products').getByRole('button');
  }

  /** The open yes/no question (a modal <dialog>) and its answer buttons. */
  question(): Locator {
    return this.page.locator('dialog[open]');
  }

  async answer(yes: boolean) {
    await this.question()
      .getByRole('button', { name: yes ? 'OK' : 'Cancel' })
      .click();
    await expect(this.question()).toHaveCount(0);
  }

  /** Scanning staff do not tap a field first: nothing has focus, the active scan field takes the scan. */
  async releaseFocus() {
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The first keydown after a click switches the page to keyboard focus styles (a style recalc that a starved
    // CPU stretches past the burst gap): let a key that is no character pay for it before the scan.
    await this.page.keyboard.press('Shift');
  }

  /** Whether the newest log line is about `code` (a scan with a lost character would name another code). */
  async loggedLast(code: string): Promise<boolean> {
    return (await this.logLines.count()) > 0 && (await this.logLines.first().innerText()).includes(code);
  }

  async resetFeedback() {
    await this.page.evaluate(() => (window.__shelfpadFeedback = []));
  }

  feedback(): Promise<FeedbackKind[]> {
    return this.page.evaluate(() => (window.__shelfpadFeedback ?? []).map((f) => f.kind));
  }

  /** Whether the page runs the lean handheld app: Ionic's elements are not even defined there. */
  runsWithoutIonic(): Promise<boolean> {
    return this.page.evaluate(() => customElements.get('ion-app') === undefined && !document.querySelector('ion-app'));
  }

  /** The lean app's menu button: the console takes over and opens its menu. */
  async openMenu() {
    await this.page.getByTestId('handheld-menu').click();
  }
}
