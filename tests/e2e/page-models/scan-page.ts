import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { seedSession } from './app-shell';
import type { FeedbackKind } from '../../../src/scan/input/feedback';

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
    // Staff scan once the store's products are on the device (the scan checks codes against them offline).
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

  /**
   * What a wedge scanner does: the code as key events `msPerChar` apart, then Enter. The scanner stamps each key
   * when it sends it, and the browser's KeyboardEvent.timeStamp is that time, however long a busy page takes to
   * handle the key: so the keys go through CDP with their own timestamps (Input.dispatchKeyEvent `timestamp`), as
   * a real scanner's do. Playwright's keyboard.type cannot: it sends each key only after the page handled the one
   * before, so on a starved CPU a scan typed at 10 ms arrived stamped 50–250 ms apart and was rightly taken as typing.
   * A key is never sent before its stamp, so slow typing (120 ms) is also slow in real time.
   */
  async scan(code: string, msPerChar = 10) {
    const cdp = await this.cdp();
    const start = Date.now();
    const keys = [...[...code].map(keyOf), ENTER];
    for (const [i, key] of keys.entries()) {
      const at = start + i * msPerChar;
      const wait = at - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp: at / 1000 });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key: key.key,
        code: key.code,
        windowsVirtualKeyCode: key.windowsVirtualKeyCode,
        timestamp: (at + 1) / 1000,
      });
    }
  }

  /**
   * A wedge scan that the page must take: `accepted` says when the page shows it. The keys carry the scanner's
   * rhythm (see scan), so a busy page takes the scan late but takes it: the wait is long, since a scan taken late
   * and sent again would reach the next step as another code. Only a scan the page never showed in that time is
   * scanned again, as staff would (keys that came while a reloaded screen was still starting); the test's
   * annotations and output record each one, so that a screen which drops scans shows up in the report.
   */
  async scanTaken(code: string, accepted: () => Promise<boolean>) {
    for (let attempt = 1; ; attempt++) {
      await this.scan(code);
      try {
        await expect.poll(accepted, { timeout: 15_000 }).toBe(true);
        return;
      } catch (error) {
        if (attempt === 2) throw error;
        const description = `${code}: not shown 15 s after the scan`;
        test.info().annotations.push({ type: 'scanned again', description });
        console.log(`scanned again: ${description}`);
      }
    }
  }

  private cdpSession?: CDPSession;
  private async cdp(): Promise<CDPSession> {
    this.cdpSession ??= await this.page.context().newCDPSession(this.page);
    return this.cdpSession;
  }

  /** Until the page's start-up work (lazy chunks, first reads) is over, so that its scan listener is in place. */
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

interface ScannerKey {
  key: string;
  code: string;
  text: string;
  windowsVirtualKeyCode: number;
}

const ENTER: ScannerKey = { key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 };

/** A barcode character as a US keyboard layout names it (the layout wedge scanners emulate). */
function keyOf(char: string): ScannerKey {
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, text: char, windowsVirtualKeyCode: char.charCodeAt(0) };
  if (/^[a-z]$/i.test(char))
    return { key: char, code: `Key${char.toUpperCase()}`, text: char, windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0) };
  const punctuation: Record<string, [string, number]> = {
    '-': ['Minus', 189],
    ':': ['Semicolon', 186],
    '.': ['Period', 190],
    '/': ['Slash', 191],
    ' ': ['Space', 32],
  };
  const [code, keyCode] = punctuation[char] ?? ['', 0];
  return { key: char, code, text: char, windowsVirtualKeyCode: keyCode };
}
