import { expect, type Locator, type Page } from '@playwright/test';
import { seedSession } from './app-shell';
import { chooseOption, exactText, setTicked } from './fields';
import { filterCondition } from './list-screen';

/** The tag status screens (/tag, /tag/detail/{store}, the histories) as a user sees them, table or cards. */
export class TagsPageModel {
  readonly rows: Locator;
  readonly range: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('ion-router-outlet .ion-page:not(.ion-page-hidden) [data-row-key]');
    this.range = page.locator('ion-router-outlet .ion-page:not(.ion-page-hidden) [data-testid="table-range"]');
  }

  async signIn(session: unknown): Promise<void> {
    await seedSession(this.page, session);
  }

  async open(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
    await expect(this.rows.first()).toBeVisible();
  }

  row(key: string): Locator {
    return this.rows.and(this.page.locator(`[data-row-key="${key}"]`));
  }

  cell(key: string, field: string): Locator {
    return this.row(key).locator(`[data-field="${field}"]`);
  }

  async rowKeys(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key') ?? ''));
  }

  /** Opens the filters panel, sets one column's condition and value, applies with Enter. */
  async filter(label: string, condition: '~' | '==', value: string): Promise<void> {
    const panel = this.page.locator('form.data-table-filters');
    if (!(await panel.isVisible())) await this.button('Filters').click();
    await panel.getByLabel(`${label}`, { exact: true }).fill(value);
    await chooseOption(filterCondition(panel, label), exactText(condition));
    await panel.getByLabel(`${label}`, { exact: true }).press('Enter');
  }

  button(name: string): Locator {
    return this.page.locator('ion-router-outlet .ion-page:not(.ion-page-hidden) ion-button', { hasText: name }).first();
  }

  async select(keys: string[]): Promise<void> {
    for (const key of keys) await setTicked(this.row(key).getByRole('checkbox'));
  }

  alert(): Locator {
    return this.page.locator('ion-alert');
  }

  async confirm(): Promise<void> {
    await this.alert().locator('button.alert-button', { hasText: 'OK' }).click();
  }
}
