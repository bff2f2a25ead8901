import { describe, expect, it } from 'vitest';
import type { AliasItem } from '../../contract/schemas/settings-alias';
import { PRODUCT_INFO_SLOTS, PRODUCT_INFO_VISIBLE_DEFAULT } from '../../contract/schemas/constants-admin';
import { initialInfoSlots, nextInfoSlot } from '../../src/features/products/product-info-slots';
import { infoColumns } from '../../src/features/products/product-info-columns';

const alias = (index: number, name: string) => ({ index, name, type: 'string', key: false, chart: false }) as unknown as AliasItem;
const named = [alias(0, 'Name'), alias(1, 'Price'), alias(5, 'Origin')];

describe('product info slots (console-admin §3, §9: 255 slots; issue 31 §13)', () => {
  it('a create form opens the first 10 slots (console-admin §3, §9) and every named one beyond them', () => {
    expect(initialInfoSlots(named, [], true)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(initialInfoSlots([...named, alias(30, 'Far')], [], true)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30]);
    expect(initialInfoSlots([], [], true)).toHaveLength(PRODUCT_INFO_VISIBLE_DEFAULT);
    // "Add field" goes on past the ten, up to the 255th.
    expect(nextInfoSlot(initialInfoSlots(named, [], true))).toBe(10);
  });

  it('an update form opens the named slots, never empty unnamed ones', () => {
    expect(initialInfoSlots(named)).toEqual([0, 1, 5]);
    expect(initialInfoSlots([])).toEqual([]);
  });

  it('an update form also opens every slot holding a value, up to the 255th', () => {
    const prInfo = Array.from({ length: PRODUCT_INFO_SLOTS }, (_, i) => (i === 12 || i === 254 ? 'x' : ''));
    expect(initialInfoSlots(named, prInfo)).toEqual([0, 1, 5, 12, 254]);
  });

  it('"Add field" opens the lowest closed slot, and nothing once all 255 are open', () => {
    expect(nextInfoSlot([0, 1, 5])).toBe(2);
    expect(nextInfoSlot([])).toBe(0);
    const all = Array.from({ length: PRODUCT_INFO_SLOTS }, (_, i) => i);
    expect(nextInfoSlot(all.slice(0, 200))).toBe(200);
    expect(nextInfoSlot(all)).toBeUndefined();
  });
});

describe('product table info columns', () => {
  it('are labelled by the aliases, "#n" for an unnamed slot, and the first named ones start shown', () => {
    const columns = infoColumns(named, [0, 1, 5, 200], 2);
    expect(columns.map((c) => [c.field, c.label, !c.hiddenByDefault])).toEqual([
      ['prInfo-0', 'Name', true],
      ['prInfo-1', 'Price', true],
      ['prInfo-5', 'Origin', false],
      ['prInfo-200', '#201', false],
    ]);
  });

  it('without aliases the first slots start shown', () => {
    expect(infoColumns([], [0, 3, 40], 3).map((c) => !c.hiddenByDefault)).toEqual([true, false, false]);
  });
});
