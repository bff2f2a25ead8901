import { describe, expect, it } from 'vitest';
import en from '../../locales/en_US/print.json';
import ja from '../../locales/ja_JP/print.json';
import ko from '../../locales/ko_KR/print.json';
import { ApiFailure } from '../../src/platform/contract-client';
import { previewFailureText, type PrintItem } from '../../src/features/print/print-list';

/*
 * plus-signage §9: "static label 36 entries". The server refuses a preview whose product has more info entries
 * than a static label's template takes (PRINFO_TOO_LONG, tests/server/print.test.ts) — in English. Issue 33 §7:
 * the print screen says it in the member's language, naming the product, its entries, the template and the limit.
 */
const translate =
  (texts: typeof en) => (key: 'messages.prInfoTooLong' | 'messages.templateNotFound', values: Record<string, string | number>) =>
    texts.messages[key.slice('messages.'.length) as 'prInfoTooLong' | 'templateNotFound'].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      String(values[name] ?? `{{${name}}}`),
    );

const item = (prCode: string, entries: number): PrintItem => ({
  prCode,
  prInfo: Array.from({ length: entries }, (_, i) => `v${i}`),
  qty: 1,
});
const items = [item('4901234567894', 36), item('4909876543210', 40)];
const refusal = new ApiFailure(
  'Product 4909876543210 has 40 info entries; template STATIC_A is a static label and takes at most 36.',
  400,
  'PRINFO_TOO_LONG',
  false,
  true,
);

describe('a preview refused for a static label’s 36 info entries', () => {
  // spec: plus §9.14 — the static label's 36 prInfo entries: the refusal in the member's language
  it('names the product past the limit, its entries, the template and 36, in each language', () => {
    expect(previewFailureText(refusal, items, 'STATIC_A', translate(en))).toBe(
      'Product 4909876543210 has 40 info entries; template STATIC_A is a static label and takes at most 36.',
    );
    for (const texts of [ja, ko]) {
      const text = previewFailureText(refusal, items, 'STATIC_A', translate(texts as typeof en));
      expect(text).not.toBe(refusal.message);
      expect(text).not.toMatch(/info entries|static label|takes at most/);
      for (const part of ['4909876543210', '40', 'STATIC_A', '36']) expect(text).toContain(part);
      expect(text).not.toMatch(/\{\{/);
    }
  });

  // Issue 33 §7: the template the store's company no longer has (TEMPLATE_NOT_FOUND, server/routes/print.ts)
  it('says a template the company no longer has in the member’s language, naming the template', () => {
    const gone = new ApiFailure("Template PROMO_X does not exist in this store's company.", 400, 'TEMPLATE_NOT_FOUND', false, true);
    expect(previewFailureText(gone, items, 'PROMO_X', translate(en))).toBe(gone.message);
    for (const texts of [ja, ko]) {
      const text = previewFailureText(gone, items, 'PROMO_X', translate(texts as typeof en));
      expect(text).not.toMatch(/does not exist|company/);
      expect(text).toContain('PROMO_X');
      expect(text).not.toMatch(/\{\{/);
    }
  });

  it('keeps the message of any other failure, and of a refusal it cannot match to a product', () => {
    const other = new ApiFailure('The label renderer is busy.', 503, 'BUSY', false, true);
    expect(previewFailureText(other, items, 'X', translate(en))).toBe(other.message);
    expect(previewFailureText(refusal, [item('4901234567894', 36)], 'STATIC_A', translate(en))).toBe(refusal.message);
    expect(previewFailureText(new Error('Failed to fetch'), items, 'STATIC_A', translate(en))).toBe('Failed to fetch');
  });
});
