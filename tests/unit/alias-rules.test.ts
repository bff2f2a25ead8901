import { describe, expect, it } from 'vitest';
import {
  addDisplayItems,
  aliasListProblem,
  BUILTIN_DATA_TYPES,
  dataTypeLengthFor,
  dataTypesOf,
  deleteAlias,
  dropBlankAliases,
  dropBlankGroups,
  dropBlankLayoutTypes,
  nextAliasIndex,
  withKey,
} from '../../contract/schemas/alias-rules';
import { parseAliasFile } from '../../src/features/alias/alias-import';

const alias = (index: number, name: string, key = false, type = 'STRING') => ({ index, name, key, type });
const shown = (index: number, order: number) => ({ index, order, storeManagement: false });
const types = dataTypesOf([{ groupCode: 'UNIT', groupName: 'Sales unit' }]);

describe('alias rules (console-admin §3–§5)', () => {
  // spec: admin §4.12 — the deletion half: deleting an alias renumbers indices and product-type orders
  it('deleting an alias renumbers the later indices and the product types’ indices and orders', () => {
    const items = [alias(0, 'A'), alias(1, 'B'), alias(2, 'C'), alias(3, 'D')];
    const productTypes = [{ alias: [shown(3, 0), shown(1, 1), shown(0, 2)] }, { alias: [shown(2, 0)] }];
    const out = deleteAlias(items, productTypes, 1);
    expect(out.items).toEqual([alias(0, 'A'), alias(1, 'C'), alias(2, 'D')]);
    expect(out.productTypes).toEqual([{ alias: [shown(2, 0), shown(0, 1)] }, { alias: [shown(1, 0)] }]);
  });

  // spec: admin §5.11 — blank-named aliases dropped on save
  it('drops blank-named aliases on save as deletions, from the highest index down', () => {
    const items = [alias(0, 'A'), alias(1, '  '), alias(2, 'C'), alias(3, '')];
    const out = dropBlankAliases(items, [{ alias: [shown(2, 0), shown(1, 1)] }]);
    expect(out.items).toEqual([alias(0, 'A'), alias(1, 'C')]);
    expect(out.productTypes).toEqual([{ alias: [shown(1, 0)] }]);
  });

  // spec: admin §3.2 — only one alias may be key
  it('keeps one key alias only', () => {
    const items = [alias(0, 'A', true), alias(1, 'B'), alias(2, 'C')];
    expect(withKey(items, 2, true).map((a) => a.key)).toEqual([false, false, true]);
    expect(withKey(items, 0, false).map((a) => a.key)).toEqual([false, false, false]);
    expect(aliasListProblem([alias(0, 'A', true), alias(1, 'B', true)], types)).toBe('Only one alias may be the key.');
    expect(aliasListProblem([alias(0, 'A'), alias(0, 'B')], types)).toBe('Alias indices must be unique.');
    expect(aliasListProblem([alias(0, 'A'), alias(1, 'a ')], types)).toBe('Alias names must be unique.');
    expect(aliasListProblem([alias(0, 'A', false, 'COLOUR')], types)).toBe('Unknown data type COLOUR of alias A.');
    expect(aliasListProblem([alias(0, 'A', true), alias(1, 'U', false, 'UNIT')], types)).toBeUndefined();
  });

  // spec: admin §9.9, admin §3.2 — dataTypeLength 10 by default, empty for depth > 0
  it('gives data types of depth 0 a length of 10 by default and lists of choices none', () => {
    expect(types.map((t) => [t.code, t.depth])).toEqual([...BUILTIN_DATA_TYPES.map((t) => [t.code, 0]), ['UNIT', 1]]);
    expect(dataTypeLengthFor('STRING', types)).toBe(10);
    expect(dataTypeLengthFor('NUMBER', types, 6)).toBe(6);
    expect(dataTypeLengthFor('UNIT', types, 6)).toBeNull();
  });

  it('numbers new aliases after the last and adds display items once, after the last order', () => {
    expect(nextAliasIndex([])).toBe(0);
    expect(nextAliasIndex([alias(0, 'A'), alias(4, 'E')])).toBe(5);
    expect(addDisplayItems({ alias: [shown(2, 0)] }, [2, 0, 5]).alias).toEqual([shown(2, 0), shown(0, 1), shown(5, 2)]);
  });

  // spec: admin §5.11 — blank-coded groups and elements, blank layout types dropped
  it('drops groups and elements with a blank code, and blank layout type names', () => {
    const groups = [
      { groupCode: ' ', groupName: 'x', index: 0, elements: [] },
      {
        groupCode: ' SIZE ',
        groupName: ' Size ',
        index: 4,
        elements: [
          { code: 'S', codeName: 'Small', index: 0 },
          { code: ' ', codeName: 'none', index: 1 },
          { code: 'L', codeName: 'Large', index: 2 },
        ],
      },
    ];
    expect(dropBlankGroups(groups)).toEqual([
      {
        groupCode: 'SIZE',
        groupName: 'Size',
        index: 0,
        elements: [
          { code: 'S', codeName: 'Small', index: 0 },
          { code: 'L', codeName: 'Large', index: 1 },
        ],
      },
    ]);
    expect(dropBlankLayoutTypes(['A', ' ', 'B ', 'B', ''])).toEqual(['A', 'B']);
  });
});

describe('alias JSON import', () => {
  it('takes an export back', () => {
    const file = {
      alias: [{ ...alias(0, 'NAME', true), chart: false, dataTypeLength: 40 }],
      productTypes: [{ code: 'F', name: 'Food', alias: [shown(0, 0)] }],
      customDataTypes: [],
    };
    expect(parseAliasFile(JSON.stringify(file))).toEqual({ ok: true, file });
  });

  // spec: admin §5.14 — imported alias files must be valid JSON
  it('refuses text that is not JSON, and JSON of another shape, saying where', () => {
    const notJson = parseAliasFile('{"alias": [');
    expect(notJson).toMatchObject({ ok: false, reason: 'json' });
    expect(parseAliasFile('[1, 2]')).toMatchObject({ ok: false, reason: 'shape' });
    const wrong = parseAliasFile(JSON.stringify({ alias: [{ index: 'one', name: 'A', type: 'STRING', key: false }] }));
    expect(wrong).toMatchObject({ ok: false, reason: 'shape' });
    expect(wrong.ok ? '' : wrong.detail).toContain('/alias/0/index');
    expect(parseAliasFile(JSON.stringify({ alias: [alias(0, 'A'), alias(0, 'B')] }))).toMatchObject({
      ok: false,
      detail: '/alias index given twice',
    });
  });
});
