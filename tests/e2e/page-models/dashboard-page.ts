import { expect, type Locator, type Page } from '@playwright/test';
import { seedSession } from './app-shell';

/**
 * The dashboard as a user sees it. Numbers are read from data-value (the server's raw number) and checked against
 * the visible text in the page language's grouping, so that a test compares what is shown, not a guess.
 */
export class DashboardModel {
  readonly serverSection: Locator;
  readonly gatewaySection: Locator;
  readonly tagSection: Locator;
  readonly storeTagsSection: Locator;
  readonly dailySection: Locator;
  readonly todaySection: Locator;
  readonly storeBars: Locator;
  readonly storeCount: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.serverSection = page.getByTestId('dash-server');
    this.gatewaySection = page.getByTestId('dash-gateway');
    this.tagSection = page.getByTestId('dash-tags');
    this.storeTagsSection = page.getByTestId('dash-store-tags');
    this.dailySection = page.getByTestId('dash-daily');
    this.todaySection = page.getByTestId('dash-today');
    this.storeBars = page.locator('[data-testid^="dash-store-tags-chart-bar-"]');
    this.storeCount = page.getByTestId('dash-store-count');
    this.detail = page.locator('ion-modal[data-testid="dash-detail"]');
  }

  /** Sign in by putting the login answer where the app keeps its session, then open the dashboard. */
  async open(session: unknown): Promise<void> {
    await seedSession(this.page, session);
    await this.page.goto('/#/dashboard');
    await expect(this.storeCount).toBeVisible();
  }

  /** Asserts that the element shows `value` both as its raw number and as visible text. */
  async expectNumber(testId: string, value: number): Promise<void> {
    const el = this.page.getByTestId(testId);
    await expect(el, testId).toHaveAttribute('data-value', String(value));
    await expect(el, testId).toContainText(value.toLocaleString('en-US'));
  }

  async barStores(): Promise<string[]> {
    const ids = await this.storeBars.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('dash-store-tags-chart-bar-', ''));
  }

  /** The labels the store select offers (opens and cancels its alert). */
  async storeOptions(): Promise<string[]> {
    await this.page.getByTestId('dash-store-select').click();
    const alert = this.page.locator('ion-alert');
    await expect(alert).toBeVisible();
    const labels = await alert.locator('.alert-checkbox-label').allTextContents();
    await alert.locator('button.alert-button', { hasText: /cancel/i }).click();
    await expect(alert).toHaveCount(0);
    return labels.map((l) => l.trim());
  }

  /** Tick the given stores (by the code shown in their label) in the store select and confirm. */
  async selectStores(codes: string[]): Promise<void> {
    await this.page.getByTestId('dash-store-select').click();
    const alert = this.page.locator('ion-alert');
    await expect(alert).toBeVisible();
    for (const code of codes) await alert.locator('button.alert-checkbox-button', { hasText: `(${code})` }).click();
    await alert.locator('button.alert-button', { hasText: /^ok$/i }).click();
    await expect(alert).toHaveCount(0);
  }

  /** Opens a section's detail modal through its Details button (e.g. 'dash-tags'). */
  async openDetail(sectionTestId: string): Promise<void> {
    await this.page.getByTestId(`${sectionTestId}-details`).click();
    await expect(this.detail).toBeVisible();
  }

  async closeDetail(): Promise<void> {
    await this.detail.getByTestId('dash-detail-close').click();
    await expect(this.detail).toBeHidden();
  }
}
