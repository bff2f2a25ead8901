import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';
import { closeToasts } from './toasts';
import { chooseOption, exactText, setTicked } from './fields';

/**
 * A signed-in screen built around one DataTable (src/ui/data-table), as a user sees it: rows keyed by
 * data-row-key — table rows on a desktop, cards on a phone — cells by data-field, the filter panel and selection.
 * The screens' own models add what is theirs (modals, maps, actions).
 */
export class ListScreenModel {
  readonly shell: AppShell;
  /** The page on view (Ionic keeps the pages it left in the DOM, hidden). */
  readonly current: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly range: Locator;
  /** Ionic's alert (errors, confirmations) and toast, as every screen shows them (src/ui/dialogs.tsx). */
  readonly alert: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.current = this.shell.current;
    this.table = this.current.locator('[data-table-id]').first();
    this.rows = this.table.locator('[data-row-key]');
    this.range = this.current.getByTestId('table-range');
    // The newest alert: one just answered may still be leaving while the next question comes (ui/dialogs.tsx).
    this.alert = page.locator('ion-alert').last();
    this.toast = page.locator('ion-toast');
  }

  byTestId(testId: string): Locator {
    return this.current.getByTestId(testId);
  }

  /**
   * A toast on view with the text, then closed: toasts stay 10 s (console-core §9), so a later expectToast after
   * the next action can only be answered by that action's own toast, not by this one still on screen.
   */
  async expectToast(text: string): Promise<void> {
    // A toast being dismissed may still be in the DOM, hidden, before the new one.
    await expect(this.toast.filter({ hasText: text, visible: true }).first()).toBeVisible();
    await closeToasts(this.toast);
  }

  isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 0) < 768;
  }

  /** A hash change within a loaded app: Ionic shows the old and the new page side by side while it transitions. */
  async open(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
    // Room for a slow first paint of a lazily loaded screen on a busy machine.
    await expect(this.shell.collectingButton.first()).toBeVisible({ timeout: 30_000 });
    await this.arrived(path);
  }

  /**
   * Until Ionic's transition ends, `current` is the page left behind, then both pages side by side (each with its own
   * table and Filters button): wait until the one page on view is the one at `path`.
   */
  async arrived(path: string): Promise<void> {
    const route = path.split('?')[0];
    await expect.poll(() => this.current.evaluateAll((pages) => pages.map((p) => p.getAttribute('data-route')))).toEqual([route]);
  }

  /** The keys of the rows on screen, in order. */
  rowKeys(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key') ?? ''));
  }

  async expectRows(keys: string[]): Promise<void> {
    await expect.poll(() => this.rowKeys()).toEqual(keys);
  }

  row(key: string): Locator {
    return this.table.locator(`[data-row-key="${key}"]`);
  }

  /** A cell's value: a table cell on a desktop, the value of a card's label/value pair on a phone. */
  cell(key: string, field: string): Locator {
    const row = `[data-row-key="${key}"]`;
    return this.table.locator(`${row} td[data-field="${field}"], ${row} div[data-field="${field}"] > dd`);
  }

  /** A row's selection box (Ionic's checkbox, named "Select row <key>"). */
  rowCheckbox(key: string): Locator {
    return this.row(key).getByRole('checkbox');
  }

  /** Ticks a row's selection box. */
  async selectRow(key: string): Promise<void> {
    await setTicked(this.rowCheckbox(key));
  }

  /**
   * The row menu on view: the "⋯" popover of a row's other actions (src/ui/data-table/row-menu.tsx). Every row holds
   * a popover of its own, hidden until opened, so the one on view is the one Ionic has not marked hidden — not the
   * last in the page, which is the last row's.
   */
  get rowMenu(): Locator {
    return this.page.locator('ion-popover.data-table-row-menu:not(.overlay-hidden)');
  }

  /** A row's "⋯" button (src/ui/data-table/row-menu.tsx). */
  rowMenuButton(key: string | Locator): Locator {
    return (typeof key === 'string' ? this.row(key) : key).getByTestId('row-menu');
  }

  /**
   * The "⋯" button of a row as a thumb meets it: on view once scrolled to, and its box (width and height in CSS
   * px) — on a phone at least MIN_TARGET_PX each way (page-models/touch-targets.ts).
   */
  async rowMenuButtonBox(key: string | Locator): Promise<{ width: number; height: number }> {
    const button = this.rowMenuButton(key);
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    const box = await button.boundingBox();
    expect(box, 'the row menu button has a box').not.toBeNull();
    return { width: box!.width, height: box!.height };
  }

  /** Opens a row's "⋯" menu (a row whose actions are more than it keeps on view). */
  async openRowMenu(key: string | Locator): Promise<Locator> {
    const row = typeof key === 'string' ? this.row(key) : key;
    // A tap while Ionic still animates the page in can go unheeded (the popover never opens): tap again, as a user
    // would, but never on a menu already open (a second tap would close it).
    await expect(async () => {
      if (!(await this.rowMenu.isVisible())) await row.getByTestId('row-menu').click();
      await expect(this.rowMenu).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    return this.rowMenu;
  }

  /** Takes one of a row's actions by its test id, as a user does: on the row, or else through the row's menu. */
  async takeRowAction(key: string | Locator, testId: string): Promise<void> {
    const row = typeof key === 'string' ? this.row(key) : key;
    await expect(row).toBeVisible();
    const kept = row.getByTestId(testId);
    if (await kept.count()) return kept.click();
    const menu = await this.openRowMenu(row);
    await menu.getByTestId(testId).click();
    await expect(menu).toBeHidden();
  }

  /**
   * Takes a row's file-pick action (a replace from file: src/ui/data-table RowActionDef.file) as a user does — on the
   * row or through its menu — and chooses `file` in the browser's file chooser that the tap opens.
   */
  async pickFileForRowAction(
    key: string | Locator,
    testId: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.takeRowAction(key, testId);
    await (await chooser).setFiles(file);
  }

  /** The entries of a row's "⋯" menu, by their text, once it is open (closed again with Escape). */
  async rowMenuEntries(key: string | Locator): Promise<string[]> {
    const menu = await this.openRowMenu(key);
    // The popover shows before Ionic has moved its items in (CI once read an open menu as []): wait for the first.
    await expect(menu.locator('ion-item').first()).toBeVisible();
    const entries = (await menu.locator('ion-item').allInnerTexts()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return entries;
  }

  /** The list's "Rows per page" field (Ionic's select). */
  get pageSize(): Locator {
    return pageSizeField(this.current);
  }

  /** Picks a page size; -1 is "All". */
  async choosePageSize(size: number): Promise<void> {
    await choosePageSize(this.current, size);
  }

  /** Opens the filter panel and applies one column's filter with its condition; `words` for a language other than English. */
  async filter(label: string, condition: '~' | '==', value: string, words: FilterWords = ENGLISH_FILTER_WORDS): Promise<void> {
    await this.current.getByRole('button', { name: words.filters }).click();
    const form = this.current.getByRole('form', { name: words.filters });
    await chooseOption(filterCondition(form, label), exactText(condition));
    await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: words.apply }).click();
  }

  /** Table or map (the segment of /store and /sensor, whose buttons carry `{screen}-view-{view}`). */
  protected async showViewOf(screen: string, view: 'table' | 'map'): Promise<void> {
    // The segment button's host receives the pointer, not the tab inside its shadow root.
    await this.current.getByTestId(`${screen}-view-${view}`).click();
    await expect(this.current.getByRole('tab', { name: view === 'map' ? 'Map' : 'Table' })).toHaveAttribute('aria-selected', 'true');
  }
}

/** One column's filter in the filter panel, found by the column's label. */
const filterOf = (panel: Locator, label: string): Locator =>
  panel.locator('.data-table-filter').filter({ has: panel.page().locator('.data-table-filter-label', { hasText: exactText(label) }) });

/** The condition select of one column's filter. */
export const filterCondition = (panel: Locator, label: string): Locator =>
  filterOf(panel, label).locator('ion-select.data-table-filter-condition');

/** The choice of an enum column's filter (its options are the column's values). */
export const filterChoice = (panel: Locator, label: string): Locator =>
  filterOf(panel, label).locator('ion-select:not(.data-table-filter-condition)');

/** The filter panel's words (locales/<language>/common.json, table.*). */
export interface FilterWords {
  filters: string;
  apply: string;
}

export const ENGLISH_FILTER_WORDS: FilterWords = { filters: 'Filters', apply: 'Apply' };
export const JAPANESE_FILTER_WORDS: FilterWords = { filters: 'フィルター', apply: '適用' };

/** The "Rows per page" field of the DataTable pager within `scope`; its data-value is the size on view. */
export const pageSizeField = (scope: Locator): Locator => scope.getByTestId('table-page-size');

/** Picks a page size (-1: "All") in the pager within `scope`: the field opens its popover, a tap on the size. */
export async function choosePageSize(scope: Locator, size: number): Promise<void> {
  const field = pageSizeField(scope);
  // The popover's choices come in the field's order; their words ("All") are the language's.
  const index = (await pageSizeOptions(scope)).indexOf(String(size));
  expect(index, `the pager offers ${size}`).toBeGreaterThanOrEqual(0);
  await field.click();
  const popover = scope.page().locator('ion-popover.select-popover').last();
  await popover.getByRole('radio').nth(index).click();
  await expect(popover).toBeHidden();
  await expect(field).toHaveAttribute('data-value', String(size));
}

/** The sizes the pager offers, in its order. */
export function pageSizeOptions(scope: Locator): Promise<string[]> {
  return pageSizeField(scope)
    .locator('ion-select-option')
    .evaluateAll((els) => els.map((e) => String((e as HTMLIonSelectOptionElement).value)));
}
