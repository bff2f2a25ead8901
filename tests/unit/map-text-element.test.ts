import { describe, expect, it } from 'vitest';
import { textElement } from '../../src/ui/map/text-element';

/*
 * Marker tooltips (src/ui/map/map-view.tsx) get the store name as an element with text, since Leaflet parses a string
 * as HTML. The unit suite has no DOM, so a document stand-in records what the helper does with the element: it may
 * set the text, and it must never hand the name to the HTML parser. The e2e store-map spec checks the real tooltip.
 */
function fakeDocument() {
  const made: { tagName: string; textContent: string }[] = [];
  return {
    made,
    createElement(tagName: string) {
      const element = { tagName, textContent: '' };
      for (const parser of ['innerHTML', 'outerHTML']) {
        Object.defineProperty(element, parser, {
          set: () => {
            throw new Error(`${parser} was set`);
          },
        });
      }
      Object.defineProperty(element, 'insertAdjacentHTML', {
        value: () => {
          throw new Error('insertAdjacentHTML was called');
        },
      });
      made.push(element);
      return element as unknown as HTMLElement;
    },
  };
}

describe('textElement', () => {
  it('carries a store name with markup as text, never as HTML', () => {
    const doc = fakeDocument();
    const probe = '<img src=x onerror="window.__xss=1"><b>Evil</b> & Co (TKY001)';
    const element = textElement(probe, doc);
    expect(doc.made).toHaveLength(1);
    expect(element.tagName).toBe('span');
    expect(element.textContent).toBe(probe);
  });
});
