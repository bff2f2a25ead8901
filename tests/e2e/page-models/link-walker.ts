import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** One step of a walk: the route tapped to, from where. */
export interface Visit {
  from: string;
  link: string;
  route: string;
}

/**
 * Follows, as a user taps them, the in-app links of a list screen's first row to their screens, and those screens'
 * first-row links in turn, coming back each time with the browser's back (issue 31 §1: links between screens broke
 * where typing their address did not). A screen reached must show its title and no error.
 */
export class LinkWalker {
  readonly shell: AppShell;
  readonly current: Locator;
  readonly visits: Visit[] = [];

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.current = this.shell.current;
  }

  route(): Promise<string | null> {
    return this.current.first().getAttribute('data-route');
  }

  /** The menu entry whose label is exactly `label` (several entries share words: 'Products', 'Product uploads'). */
  async openFromMenu(label: string): Promise<void> {
    await this.shell.openMenu();
    await this.shell.menuItems.filter({ has: this.page.locator('ion-label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) }).click();
    await this.shell.closeMenu();
    await this.expectScreen();
  }

  /** The first row's links that stay in the app (row links, routerLink buttons), by their label. */
  private async rowLinks(): Promise<{ name: string; href: string }[]> {
    const row = this.current.locator('[data-table-id] [data-row-key]').first();
    // A list without rows has no links to follow (isVisible does not wait: waitFor does).
    if (
      !(await row.waitFor({ state: 'visible', timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    )
      return [];
    // An Ionic button draws its link in its shadow root once upgraded: until then a routerLink button has none.
    await expect(row.locator('ion-button:not(.hydrated)')).toHaveCount(0, { timeout: 15_000 });
    // Row links are '#/…'; Ionic's routerLink buttons render '/…' in their shadow root and route on tap. Files ('/api/…') are not screens.
    const links = await row.locator('a[href^="#/"], a[href^="/"]:not([href^="/api/"])').evaluateAll((els) =>
      els.map((el) => {
        const host = (el.getRootNode() as ShadowRoot).host as Element | undefined;
        const name = el.getAttribute('aria-label') || host?.getAttribute('aria-label') || el.textContent || '';
        return { name: name.trim(), href: el.getAttribute('href') ?? '' };
      }),
    );
    const seen = new Set<string>();
    return links.filter((l) => !seen.has(l.href) && seen.add(l.href));
  }

  /** The screen on view has settled: one page, its title, no error message nor error dialog. */
  async expectScreen(): Promise<void> {
    await expect(this.current).toHaveCount(1, { timeout: 30_000 });
    await expect(this.shell.title.first()).toBeVisible({ timeout: 30_000 });
    // Its first answers are in (an error would show now); a screen that polls never idles, hence the catch.
    await this.page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
    const route = (await this.route()) ?? '';
    await expect(this.current.getByRole('alert'), `no error on ${route}`).toHaveCount(0);
    await expect(this.page.locator('ion-alert'), `no error dialog on ${route}`).toHaveCount(0);
    // A parameter shown still encoded ('02%3A5a…') is the double encoding of issue 31.
    await expect(this.shell.title.first()).not.toContainText('%');
  }

  /**
   * Taps the first row's link to `href` until the screen changes: a tap while Ionic still animates the way back to
   * this list can go unheeded (seen once in CI, the route stayed for 30 s), and a user then taps again.
   */
  private async follow(href: string, here: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.current.locator('[data-table-id] [data-row-key]').first().locator(`a[href="${href}"]`).first().click();
      try {
        await expect.poll(() => this.route(), { timeout: attempt < 3 ? 10_000 : 30_000 }).not.toBe(here);
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  /** Walks the first row's links from the screen on view, `depth` levels down, and comes back to it. */
  async walk(depth: number): Promise<void> {
    const here = (await this.route())!;
    for (const link of await this.rowLinks()) {
      await this.follow(link.href, here);
      await this.expectScreen();
      const route = (await this.route())!;
      this.visits.push({ from: here, link: link.name, route });
      if (depth > 1) await this.walk(depth - 1);
      await this.page.goBack();
      await expect.poll(() => this.route(), { timeout: 30_000 }).toBe(here);
      await this.expectScreen();
    }
  }
}
