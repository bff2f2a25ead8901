import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption, chosenText } from './fields';
import { ListScreenModel } from './list-screen';

/** The alias and layout editors (src/features/alias, src/features/label-layouts): rows edited in place, saved at once. */
export class AliasLayoutPage extends ListScreenModel {
  constructor(page: Page) {
    super(page);
  }

  /** The alias screen loads its lists 1 s after opening (console-admin §9); the rows mean it is there. */
  async openAlias(): Promise<void> {
    await this.open('/setting/alias-config');
    await expect(this.byTestId('alias-table-row').first()).toBeVisible({ timeout: 30_000 });
  }

  /**
   * Shows a company's aliases or layouts: picking another company always asks first (console-admin §4) and the
   * member says OK; the company already on view is left as it is.
   */
  async chooseCompany(select: 'alias-company' | 'layout-company', companyCode: string): Promise<void> {
    const option = new RegExp(`(^|\\()${companyCode}\\)?$`);
    const shown = chosenText(this.byTestId(select));
    await expect(shown).not.toHaveText('');
    if (option.test((await shown.textContent())?.trim() ?? '')) return;
    await chooseOption(this.byTestId(select), option);
    await expect(this.alert).toContainText('Unsaved changes of this company will be lost. Are you sure?');
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
  }

  get aliasRows(): Locator {
    return this.byTestId('alias-table-row');
  }

  aliasRow(index: number): Locator {
    return this.aliasRows.filter({ has: this.page.locator('td').first().getByText(String(index), { exact: true }) });
  }

  /** The names of the aliases in index order, as the inputs hold them. */
  aliasNames(): Promise<string[]> {
    return this.byTestId('alias-name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  }

  async readAlert(): Promise<{ title: string; message: string }> {
    await expect(this.alert).toHaveCount(1);
    const title = (await this.alert.locator('.alert-title').textContent()) ?? '';
    const message = (await this.alert.locator('.alert-message').textContent()) ?? '';
    await this.alert.getByRole('button', { name: 'OK' }).click();
    await expect(this.alert).toHaveCount(0);
    return { title, message };
  }

  async importFile(name: string, content: string): Promise<void> {
    await this.byTestId('alias-import-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
  }

  get layoutTypeModal(): Locator {
    return this.page.locator('ion-modal[data-testid="layout-type-modal"]');
  }

  layoutTypeRow(name: string): Locator {
    return this.layoutTypeModal.getByTestId('layout-types-row').filter({ hasText: name });
  }

  layoutRow(layoutId: string): Locator {
    return this.byTestId('layout-configs-row').filter({ hasText: layoutId });
  }
}
