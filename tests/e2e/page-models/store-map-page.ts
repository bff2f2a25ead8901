import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { setTicked } from './fields';
import { AppShell } from './app-shell';
import { choosePageSize, pageSizeField, pageSizeOptions } from './list-screen';

/**
 * The map view of /store (console-core §2): status checkboxes, the map with its markers (raw status in the marker's
 * class, zoom and centre in data-zoom / data-center) and the side list of stores with its pager.
 */
export class StoreMapPage {
  readonly shell: AppShell;
  readonly map: Locator;
  readonly list: Locator;
  readonly entries: Locator;
  readonly statusFilter: Locator;
  readonly pageSize: Locator;
  readonly range: Locator;
  readonly popup: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    const current = this.shell.current;
    this.map = current.getByTestId('store-map');
    this.list = current.getByTestId('store-map-list');
    this.entries = this.list.locator('li[data-item]');
    this.statusFilter = current.getByTestId('store-map-status-filter');
    this.pageSize = pageSizeField(this.list);
    this.range = this.list.getByTestId('table-range');
    this.popup = page.getByTestId('store-map-popup');
  }

  async open(request: APIRequestContext, email: string) {
    const login = await this.shell.signIn(request, email);
    await this.shell.goto('/store?viewType=map');
    await expect(this.map).toBeVisible();
    return login;
  }

  checkbox(status: string): Locator {
    return this.statusFilter.locator(`ion-checkbox[data-status="${status}"]`);
  }

  /** Ticks exactly the given statuses. */
  async showStatuses(statuses: readonly string[]): Promise<void> {
    for (const status of ['NORMAL', 'ALARM', 'OFFLINE']) await setTicked(this.checkbox(status), statuses.includes(status));
  }

  marker(status?: string): Locator {
    return this.map.locator(status ? `.map-marker.map-marker-${status}` : '.map-marker');
  }

  entry(storeCode: string): Locator {
    return this.list.locator(`li[data-item="${storeCode}"] button`);
  }

  entryKeys(): Promise<string[]> {
    return this.entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-item') ?? ''));
  }

  entryStatuses(): Promise<string[]> {
    return this.entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
  }

  pageSizeOptions(): Promise<string[]> {
    return pageSizeOptions(this.list);
  }

  /** Picks the side list's page size (-1: all). */
  async choosePageSize(size: number): Promise<void> {
    await choosePageSize(this.list, size);
  }

  /** The pager's "Next" (the native button inside Ionic's, which carries the disabled state). */
  nextButton(): Locator {
    return this.list.locator('.data-table-pager').getByRole('button', { name: 'Next' });
  }
}
