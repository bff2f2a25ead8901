import { expect, type Locator, type Page } from '@playwright/test';
import { AuthDialogs } from './auth-dialogs';

/** /login (src/features/auth/login-page.tsx) and the modals it opens. */
export class LoginPage {
  /** Ionic keeps pages it left mounted but hidden: only the visible login page counts. */
  readonly root: Locator;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly findPasswordLink: Locator;
  readonly signupLink: Locator;
  readonly dialogs: AuthDialogs;
  readonly findPasswordModal: Locator;
  readonly forcePasswordModal: Locator;
  readonly accountModal: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-testid="login-page"]:not(.ion-page-hidden)');
    this.heading = this.root.getByRole('heading', { level: 1 });
    // On touch devices Ionic's scroll assist briefly adds a disabled clone of the focused input.
    const real = page.locator('input:not(.cloned-input)');
    this.email = this.root.getByLabel('Email', { exact: true }).and(real);
    this.password = this.root.getByLabel('Password', { exact: true }).and(real);
    this.submit = this.root.getByRole('button', { name: 'Login', exact: true });
    this.findPasswordLink = this.root.getByRole('button', { name: 'Find password' });
    this.signupLink = this.root.getByRole('link', { name: 'Sign up' });
    this.dialogs = new AuthDialogs(page);
    this.findPasswordModal = page.getByTestId('find-password-modal');
    this.forcePasswordModal = page.getByTestId('force-password-modal');
    this.accountModal = page.getByTestId('account-modal');
  }

  async goto(next?: string): Promise<void> {
    await this.page.goto(next === undefined ? '/#/login' : `/#/login?next=${encodeURIComponent(next)}`);
    await expect(this.heading).toHaveText('Shelfpad');
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /**
   * What a password manager or the browser's autofill does: set both native inputs' values, fire only `event` on
   * each (no keystrokes, so none of Ionic's ionInput), and send the form in the same task.
   */
  async autofillAndSubmit(email: string, password: string, event: 'change' | 'input'): Promise<void> {
    await this.root.locator('form').evaluate(
      (form, [values, type]) => {
        for (const [name, value] of Object.entries(values)) {
          const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
          input.value = value;
          input.dispatchEvent(new Event(type, { bubbles: true }));
        }
        (form as HTMLFormElement).requestSubmit();
      },
      [{ email, password }, event] as const,
    );
  }

  /** page.fill on both fields and Enter in the password field at once, as fast as a script types. */
  async fillAndPressEnter(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.password.press('Enter');
  }

  /** The router's location: the part after '#'. */
  path(): string {
    return decodeURIComponent(new URL(this.page.url()).hash.slice(1));
  }

  async expectPath(path: string): Promise<void> {
    await expect.poll(() => this.path()).toBe(path);
  }

  storedSession(): Promise<string | null> {
    return this.page.evaluate(() => sessionStorage.getItem('shelfpad.session'));
  }

  /** Fill and send the password change form inside a modal (forced change or the account modal). */
  async changePassword(modal: Locator, current: string, next: string, confirm = next): Promise<void> {
    await modal.getByLabel('Current Password').fill(current);
    await modal.getByLabel('New Password', { exact: true }).fill(next);
    await modal.getByLabel('Confirm Password').fill(confirm);
    await modal.getByRole('button', { name: 'Change password' }).click();
  }
}
