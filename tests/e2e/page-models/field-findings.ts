import type { Locator, Page } from '@playwright/test';

/**
 * What issue 10 finding 9 looked at, on whichever screen shows it: a list's row links and pager, the scroll height
 * of a detail page, the sidebar's colours and the exceptions store picker. Measures what is drawn (boxes and
 * computed colours), as a person comparing two screenshots would.
 */
export class FieldFindings {
  /** The screen Ionic shows (it keeps pages it left mounted but hidden). */
  readonly current: Locator;
  readonly rowLinks: Locator;
  readonly pagerSteps: Locator;

  constructor(readonly page: Page) {
    this.current = page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)');
    this.rowLinks = this.current.locator('[data-row-link]');
    this.pagerSteps = this.current.getByTestId('pager-steps').first();
  }

  /** The router's location: the part after '#'. */
  path(): string {
    return decodeURIComponent(new URL(this.page.url()).hash.slice(1));
  }

  /** The top edges of the pager's Previous and Next buttons. */
  pagerButtonTops(): Promise<number[]> {
    return this.pagerSteps.locator('ion-button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
  }

  /** How far the current screen scrolls past the bottom of its last card (blank space at its end). */
  blankBelowContent(): Promise<number> {
    return this.current
      .locator('ion-content')
      .first()
      .evaluate(async (content) => {
        const scroller = await (content as HTMLIonContentElement).getScrollElement();
        const top = scroller.getBoundingClientRect().top - scroller.scrollTop;
        const cards = [...content.querySelectorAll('.detail-card')];
        const lastBottom = Math.max(...cards.map((c) => c.getBoundingClientRect().bottom - top));
        return Math.round(scroller.scrollHeight - lastBottom);
      });
  }

  /** The colours the sidebar is painted with: its content, its list and its items (each as rendered). */
  sidebarColours(): Promise<{ content: string; list: string; items: string[] }> {
    return this.page.getByTestId('side-menu').evaluate((menu) => {
      const content = menu.querySelector('ion-content')!;
      const inner = content.shadowRoot?.querySelector('.inner-scroll');
      const list = menu.querySelector('ion-list')!;
      const paint = (el: Element) => getComputedStyle(el).backgroundColor;
      // Ionic paints the content's background on its host or on its inner scroller, by version.
      const painted = [content, inner].filter((el): el is Element => Boolean(el)).map(paint);
      const items = [...menu.querySelectorAll('ion-item:not([aria-current])')].map((item) =>
        paint(item.shadowRoot?.querySelector('.item-native') ?? item),
      );
      return { content: painted.find((c) => c !== 'rgba(0, 0, 0, 0)') ?? painted[0], list: paint(list), items };
    });
  }
}
