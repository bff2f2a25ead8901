import { expect, type Locator, type Page } from '@playwright/test';
import { closeToasts } from './toasts';

/**
 * Ionic's alert (error dialogs, confirmations) and toast as the auth screens use them (src/ui/dialogs.tsx), and the
 * lean login screen's alert (src/features/auth/lean/lean-alert.tsx).
 * Only one alert is on screen at a time in these flows.
 */
export class AuthDialogs {
  readonly alert: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    // The lean login screen of a cold start draws its errors without Ionic, with the same title, message and button.
    this.alert = page.locator('ion-alert, [data-testid="lean-alert"]');
    this.toast = page.locator('ion-toast');
  }

  async expectAlert(title: string, message: string): Promise<void> {
    await expect(this.alert).toBeVisible();
    await expect(this.alert.locator('.alert-title')).toHaveText(title);
    await expect(this.alert.locator('.alert-message')).toHaveText(message);
  }

  /** Answer the open alert: its last button is OK, the first of two is Cancel. */
  async answer(choice: 'ok' | 'cancel' = 'ok'): Promise<void> {
    const buttons = this.alert.locator('button.alert-button');
    await (choice === 'ok' ? buttons.last() : buttons.first()).click();
    await expect(this.alert).toHaveCount(0);
  }

  /** Expect an error dialog, then close it. */
  async expectError(title: string, message: string): Promise<void> {
    await this.expectAlert(title, message);
    await this.answer('ok');
  }

  async expectToast(message: string): Promise<void> {
    // The toast's text lives in its shadow root, which Playwright's locators pierce.
    await expect(this.toast.filter({ hasText: message, visible: true })).toBeVisible();
  }

  /** Close the toasts on screen, so that a later expectToast can only be answered by a new one. */
  dismissToasts(): Promise<void> {
    return closeToasts(this.toast);
  }
}
