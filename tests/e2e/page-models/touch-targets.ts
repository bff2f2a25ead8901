import type { Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and the platforms' guidelines: a thumb's target is at least 44 × 44 CSS px. */
export const MIN_TARGET_PX = 44;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * The visible interactive elements of the page that are smaller than MIN_TARGET_PX in either direction. What is
 * measured is what a tap hits: a native control inside a label (or inside Ionic's field element) counts with the
 * box of that label or field. The exceptions made are WCAG 2.5.8's "inline" one: a link inside running text,
 * whose size the line height of that text sets (a sentence's "Sign up" link, not a list's or a card's link), and its
 * "essential" one, inside an element the screen marks data-size-essential.
 */
export function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const INTERACTIVE = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'ion-button',
      'ion-back-button',
      'ion-menu-button',
      'ion-checkbox',
      'ion-radio',
      'ion-toggle',
      'ion-select',
      'ion-input',
      'ion-textarea',
      'ion-searchbar',
      'ion-segment-button',
      'ion-item[button]',
      'ion-item[href]',
      '[role="button"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="link"]',
      '[role="menuitem"]',
    ].join(',');
    // The element a tap on a native control really hits: its label, Ionic's field element around it.
    const FIELD_HOSTS =
      'ion-input, ion-textarea, ion-select, ion-checkbox, ion-radio, ion-toggle, ion-searchbar, ion-button, ion-item[button], ion-item[href]';
    const targetOf = (el: Element): Element =>
      el.parentElement?.closest(FIELD_HOSTS) ?? (el.matches('input, select, textarea') ? (el.closest('label') ?? el) : el);
    const BLOCKS = 'p, li, dd, td, figcaption, blockquote, span, div';
    // WCAG 2.5.8 "inline": a link in a sentence — its nearest block holds words of its own besides its controls
    // (a row of links, or a link alone in a cell, is no sentence).
    const prose = (block: Element) => {
      const copy = block.cloneNode(true) as Element;
      copy.querySelectorAll(INTERACTIVE).forEach((c) => c.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const inline = (el: Element) => {
      if (!el.matches('a[href]')) return false;
      const block = el.parentElement?.closest(BLOCKS);
      // Ten characters: "Don't have an account?" or アカウントをお持ちでない方 are a sentence; "·" or "/" are not.
      return Boolean(block) && prose(block!).length >= 10;
    };
    const describe = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${
        el.className && typeof el.className === 'string'
          ? '.' +
            el.className
              .split(/\s+/)
              .filter((c) => c && !c.startsWith('ion-') && !c.startsWith('md') && !c.startsWith('hydrated'))
              .slice(0, 2)
              .join('.')
          : ''
      } "${label}"`;
    };
    const seen = new Set<Element>();
    const small: { what: string; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll(INTERACTIVE)) {
      const target = targetOf(el);
      if (seen.has(target)) continue;
      seen.add(target);
      if (!(target as HTMLElement).checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (target.closest('[aria-hidden="true"], [inert], .ion-page-hidden, .overlay-hidden')) continue;
      // WCAG 2.5.8's "essential" exception, marked by the screen: a target whose size is the content itself (the
      // objects of a slide drawn at the slide's scale in the show editor).
      if (target.parentElement?.closest('[data-size-essential]')) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (inline(target)) continue;
      // Sub-pixel layout: 43.99 is 44.
      if (box.width + 0.5 < min || box.height + 0.5 < min)
        small.push({ what: describe(target), width: Math.round(box.width), height: Math.round(box.height) });
    }
    return small;
  }, MIN_TARGET_PX);
}
