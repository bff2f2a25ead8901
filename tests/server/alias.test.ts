import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aliases, customDataTypes, productTypes } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Alias, product type and custom data type calls (console-admin §3, §5, §7): rules, privileges, what is stored. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'viewer' | 'operator', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'viewer', 'operator']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const stored = (companyCode: string) =>
  sut.deps.db.select().from(aliases).where(eq(aliases.companyCode, companyCode)).orderBy(aliases.index);
const item = (index: number, name: string, type = 'STRING', key = false) => ({ index, name, type, key });

describe('alias reads', () => {
  // spec: admin §3.2, admin §7.19 — isDisplay derived per product type; alias config by company
  it('flags isDisplay per product type: the items the type displays (FRESH shows slots 0-3)', async () => {
    const plain = (await call('GET', '/config/alias/company/ACME', as.viewer)).json() as { index: number; isDisplay?: boolean }[];
    expect(plain.every((a) => a.isDisplay === undefined)).toBe(true);
    const fresh = (await call('GET', '/config/alias/company/ACME?productType=FRESH', as.viewer)).json() as {
      index: number;
      isDisplay?: boolean;
    }[];
    expect(fresh.filter((a) => a.isDisplay).map((a) => a.index)).toEqual([0, 1, 2, 3]);
    expect(fresh.length).toBe(plain.length);
    expect((await call('GET', '/config/alias/company/ACME?productType=NOPE', as.viewer)).statusCode).toBe(404);
    expect((await call('GET', '/config/alias/company/ACME?productType=FRESH', as.nord)).statusCode).toBe(403);
  });

  // spec: admin §7.19, admin §3.3, admin §3.4 — data types, product types (alias {index, order}), custom data types by company
  it('answers the built-in data types, and the company lists to its members only', async () => {
    const types = (await call('GET', '/config/alias/datatype', as.operator)).json() as { code: string; depth: number }[];
    expect(types.map((t) => t.code)).toEqual(['STRING', 'NUMBER', 'DATE', 'URL']);
    const product = await call('GET', '/config/alias/company/ACME/product/type', as.viewer);
    expect(product.statusCode).toBe(200);
    expect(
      (product.json() as { code: string; alias: { order: number }[] }[]).find((p) => p.code === 'FOOD')?.alias.map((d) => d.order),
    ).toEqual([0, 1, 2, 3, 4]);
    const groups = (await call('GET', '/config/alias/company/ACME/datatype/custom', as.viewer)).json() as {
      groupCode: string;
      elements: unknown[];
    }[];
    expect(groups).toEqual([
      expect.objectContaining({ groupCode: 'UNIT', elements: expect.arrayContaining([{ code: 'kg', codeName: 'kg', index: 1 }]) }),
    ]);
    expect((await call('GET', '/config/alias/company/ACME/product/type', as.nord)).statusCode).toBe(403);
    expect((await call('GET', '/config/alias/company/NOPE/datatype/custom', as.admin)).statusCode).toBe(404);
  });
});

describe('alias config save', () => {
  // spec: admin §3.2, admin §7.19, admin §9.9 — save alias config: key, chart, dataTypeLength 10 by default, none for a group
  // spec: plus §3.23 — the alias config: a list with index and key flag
  it('replaces the list: length 10 by default, none for a custom group, the chart flag kept', async () => {
    const res = await call('POST', '/config/alias', as.nord, {
      companyCode: 'NORD',
      alias: [
        { ...item(0, ' Title ', 'STRING', true), dataTypeLength: 30 },
        { ...item(1, 'Price', 'NUMBER'), chart: true },
        { ...item(2, 'Unit', 'UNIT'), dataTypeLength: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await stored('NORD')).map(({ index, name, type, key, chart, dataTypeLength }) => ({
        index,
        name,
        type,
        key,
        chart,
        dataTypeLength,
      })),
    ).toEqual([
      { index: 0, name: 'Title', type: 'STRING', key: true, chart: false, dataTypeLength: 30 },
      { index: 1, name: 'Price', type: 'NUMBER', key: false, chart: true, dataTypeLength: 10 },
      { index: 2, name: 'Unit', type: 'UNIT', key: false, chart: false, dataTypeLength: null },
    ]);
    // The product screens read the saved names (their info columns).
    const read = (await call('GET', '/config/alias/company/NORD', as.nord)).json() as { name: string }[];
    expect(read.map((a) => a.name)).toEqual(['Title', 'Price', 'Unit']);
  });

  it('refuses two keys, a doubled index or name, an unknown type and a blank name, storing nothing', async () => {
    const before = await stored('NORD');
    const bad = [
      [item(0, 'A', 'STRING', true), item(1, 'B', 'STRING', true)],
      [item(0, 'A'), item(0, 'B')],
      [item(0, 'A'), item(1, 'a')],
      [item(0, 'A', 'COLOUR')],
      [item(0, '  ')],
    ];
    for (const alias of bad) {
      const res = await call('POST', '/config/alias', as.nord, { companyCode: 'NORD', alias });
      expect(res.statusCode, JSON.stringify(alias)).toBe(400);
    }
    expect((await call('POST', '/config/alias', as.nord, { companyCode: 'NORD', alias: bad[0] })).json()).toMatchObject({
      message: 'Only one alias may be the key.',
    });
    expect(await stored('NORD')).toEqual(before);
  });

  it('needs alias write within the member’s company', async () => {
    const body = { companyCode: 'ACME', alias: [item(0, 'X')] };
    expect((await call('POST', '/config/alias', as.viewer, body)).statusCode).toBe(403);
    expect((await call('POST', '/config/alias', as.nord, body)).statusCode).toBe(403);
    expect((await call('POST', '/config/alias', as.admin, { ...body, companyCode: 'NOPE' })).statusCode).toBe(404);
    expect((await stored('ACME')).map((a) => a.name)).toContain('NAME');
  });
});

describe('product types', () => {
  // spec: admin §3.3, admin §7.19 — update alias product type ({companyCode, productTypes}), delete (company, code)
  it('saves by code with orders closed up, and deletes a saved one', async () => {
    const res = await call('POST', '/config/alias/product/type', as.nord, {
      companyCode: 'NORD',
      productTypes: [
        {
          code: 'DAIRY',
          name: 'Dairy',
          storeManagement: true,
          alias: [
            { index: 2, order: 5, storeManagement: false },
            { index: 0, order: 1, storeManagement: true },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await sut.deps.db
      .select()
      .from(productTypes)
      .where(and(eq(productTypes.companyCode, 'NORD'), eq(productTypes.code, 'DAIRY')));
    expect(row.alias).toEqual([
      { index: 0, order: 0, storeManagement: true },
      { index: 2, order: 1, storeManagement: false },
    ]);
    expect((await call('DELETE', '/config/alias/company/NORD/product/type/DAIRY', as.nord)).statusCode).toBe(200);
    expect((await call('DELETE', '/config/alias/company/NORD/product/type/DAIRY', as.nord)).statusCode).toBe(404);
  });

  // spec: admin §5.9 — the product type half, in part: a blank name refused
  it('refuses a display item of a missing alias, a doubled code and a blank name', async () => {
    const one = (alias: object[], code = 'X', name = 'X') => ({ code, name, storeManagement: false, alias });
    const cases = [[one([{ index: 40, order: 0, storeManagement: false }])], [one([]), one([])], [one([], 'Y', ' ')]];
    for (const productTypes of cases)
      expect((await call('POST', '/config/alias/product/type', as.nord, { companyCode: 'NORD', productTypes })).statusCode).toBe(400);
    expect(
      (await call('POST', '/config/alias/product/type', as.operator, { companyCode: 'ACME', productTypes: [one([])] })).statusCode,
    ).toBe(403);
  });
});

describe('custom data types', () => {
  // spec: admin §3.4, admin §7.19 — update and delete custom data type (groupCode, groupName, index, elements)
  it('saves groups by code, refuses doubled elements and deletes a group no alias uses', async () => {
    const save = (groups: object[]) => call('POST', '/config/alias/datatype/custom', as.nord, { companyCode: 'NORD', groups });
    const res = await save([
      {
        groupCode: 'SIZE',
        groupName: 'Size',
        index: 1,
        elements: [
          { code: 'S', codeName: 'Small', index: 0 },
          { code: 'L', codeName: 'Large', index: 1 },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await sut.deps.db
      .select()
      .from(customDataTypes)
      .where(and(eq(customDataTypes.companyCode, 'NORD'), eq(customDataTypes.groupCode, 'SIZE')));
    expect(row.elements.map((e) => e.code)).toEqual(['S', 'L']);
    expect(
      (
        await save([
          {
            groupCode: 'SIZE',
            groupName: '',
            index: 0,
            elements: [
              { code: 'S', codeName: '', index: 0 },
              { code: 'S', codeName: '', index: 1 },
            ],
          },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await save([{ groupCode: 'STRING', groupName: '', index: 0, elements: [] }])).statusCode).toBe(400);
    expect((await call('DELETE', '/config/alias/company/NORD/datatype/custom/SIZE', as.nord)).statusCode).toBe(200);
    expect((await call('DELETE', '/config/alias/company/NORD/datatype/custom/SIZE', as.nord)).statusCode).toBe(404);
  });

  it('keeps a group an alias takes as its type', async () => {
    const res = await call('DELETE', '/config/alias/company/ACME/datatype/custom/UNIT', as.acme);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Alias UNIT uses the data type UNIT.' });
  });
});
