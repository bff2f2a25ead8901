import { expect, type Locator, type Page } from '@playwright/test';
import { AuthDialogs } from './auth-dialogs';

export type SignupField = 'email' | 'name' | 'phone' | 'password' | 'retype';
const LABELS: Record<SignupField, string> = {
  email: 'Email',
  name: 'Name',
  phone: 'Phone',
  password: 'Password',
  retype: 'Retype Password',
};

/** /signup (src/features/auth/signup-page.tsx). */
export class SignupPage {
  readonly root: Locator;
  readonly agreement: Locator;
  readonly submit: Locator;
  readonly dialogs: AuthDialogs;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-testid="signup-page"]:not(.ion-page-hidden)');
    this.agreement = this.root.locator('ion-checkbox');
    this.submit = this.root.getByRole('button', { name: 'Sign up', exact: true });
    this.dialogs = new AuthDialogs(page);
  }

  field(name: SignupField): Locator {
    // On touch devices Ionic's scroll assist briefly adds a disabled clone of the focused input.
    return this.root.getByLabel(LABELS[name], { exact: true }).and(this.page.locator('input:not(.cloned-input)'));
  }

  async goto(): Promise<void> {
    await this.page.goto('/#/signup');
    await expect(this.field('email')).toBeVisible();
  }

  async fill(name: SignupField, value: string): Promise<void> {
    await this.field(name).fill(value);
  }

  /** Send the form and expect the 'Signup Error' dialog with this message; then the field should hold focus. */
  async expectRefusal(message: string): Promise<void> {
    await this.submit.click();
    await this.dialogs.expectError('Signup Error', message);
  }
}
