import { describe, expect, it } from 'vitest';
import { isStaticLabelType, prInfoLimitOf } from '../../contract/schemas/print';

/** plus-signage §9: a static label takes 36 prInfo entries, a generic one 255 (read from the template's layout type). */
// spec: plus §9.14 — 36 prInfo entries on a static label, 255 on a generic one
describe('prInfoLimitOf', () => {
  it('gives 36 to a layout type naming STATIC, in any case', () => {
    expect(prInfoLimitOf('STATIC_SHELF')).toBe(36);
    expect(prInfoLimitOf('shelf-static')).toBe(36);
    expect(isStaticLabelType('Static')).toBe(true);
  });
  it('gives 255 to every other template, and to one without a type', () => {
    expect(prInfoLimitOf('PROMO_RED')).toBe(255);
    expect(prInfoLimitOf('STANDARD')).toBe(255);
    expect(prInfoLimitOf(undefined)).toBe(255);
    expect(isStaticLabelType('')).toBe(false);
  });
});
