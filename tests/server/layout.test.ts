import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { layoutConfigs, layoutTypes } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Layout configs and layout types (console-admin §3, §5, §7): in-use flags, rules, privileges, what is stored. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'viewer' | 'operator', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'viewer', 'operator']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const typesOf = async (headers: AuthHeaders, company = 'ACME') =>
  (await call('GET', `/config/layout/type/company/${company}`, headers)).json() as { layoutType: string; inUse: boolean }[];

describe('layout types', () => {
  // spec: admin §3.6, admin §7.20 — layout types (companyCode, layoutType) in use; update layout type
  it('lists the types flagged in use, adds new ones with blank names dropped', async () => {
    expect(await typesOf(as.viewer)).toEqual(expect.arrayContaining([expect.objectContaining({ layoutType: 'PROMOTION', inUse: true })]));
    const res = await call('POST', '/config/layout/type', as.acme, { companyCode: 'ACME', layoutTypes: ['SHELF_TALKER', 'SHELF_TALKER '] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await typesOf(as.acme)).find((t) => t.layoutType === 'SHELF_TALKER')).toEqual({
      companyCode: 'ACME',
      layoutType: 'SHELF_TALKER',
      inUse: false,
    });
    expect((await call('POST', '/config/layout/type', as.acme, { companyCode: 'ACME', layoutTypes: ['  '] })).statusCode).toBe(400);
  });

  // spec: admin §7.20 — delete layout type
  it('deletes an unused type, keeps one in use', async () => {
    const used = await call('DELETE', '/config/layout/type/company/ACME/type/PROMOTION', as.acme);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ message: 'Layout type PROMOTION is in use.' });
    expect((await call('DELETE', '/config/layout/type/company/ACME/type/SHELF_TALKER', as.acme)).statusCode).toBe(200);
    expect(
      await sut.deps.db
        .select()
        .from(layoutTypes)
        .where(and(eq(layoutTypes.companyCode, 'ACME'), eq(layoutTypes.layoutType, 'SHELF_TALKER'))),
    ).toEqual([]);
    expect((await call('DELETE', '/config/layout/type/company/ACME/type/SHELF_TALKER', as.acme)).statusCode).toBe(404);
  });

  it('needs layout_config within the member’s company', async () => {
    expect((await call('GET', '/config/layout/type/company/ACME', as.nord)).statusCode).toBe(403);
    expect((await call('POST', '/config/layout/type', as.viewer, { companyCode: 'ACME', layoutTypes: ['X'] })).statusCode).toBe(403);
    expect((await call('POST', '/config/layout/type', as.nord, { companyCode: 'ACME', layoutTypes: ['X'] })).statusCode).toBe(403);
  });
});

describe('layout configs', () => {
  // spec: admin §3.6, admin §7.20 — layout config (layoutId, companyCode, layoutType)
  it('are read by every member of the company (the product modals offer them)', async () => {
    const list = (await call('GET', '/config/layout/company/ACME', as.operator)).json() as { layoutId: string; layoutType: string }[];
    expect(list).toContainEqual({ layoutId: 'PROMO_RED', companyCode: 'ACME', layoutType: 'PROMOTION' });
    expect((await call('GET', '/config/layout/company/ACME', as.nord)).statusCode).toBe(403);
  });

  // spec: admin §7.20 — update layout config ({layoutConfig, companyCode}) and delete
  it('saves by layoutId with a known type, and deletes', async () => {
    await call('POST', '/config/layout/type', as.acme, { companyCode: 'ACME', layoutTypes: ['WIDE'] });
    const res = await call('POST', '/config/layout', as.acme, {
      companyCode: 'ACME',
      layoutConfig: [
        { layoutId: 'WIDE_1', layoutType: 'WIDE' },
        { layoutId: 'PROMO_RED', layoutType: 'WIDE' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sut.deps.db.select().from(layoutConfigs).where(eq(layoutConfigs.companyCode, 'ACME'));
    expect(
      rows
        .filter((r) => r.layoutType === 'WIDE')
        .map((r) => r.layoutId)
        .sort(),
    ).toEqual(['PROMO_RED', 'WIDE_1']);
    expect((await typesOf(as.acme)).find((t) => t.layoutType === 'WIDE')?.inUse).toBe(true);
    expect((await call('DELETE', '/config/layout/company/ACME/layout/WIDE_1', as.acme)).statusCode).toBe(200);
    expect((await call('DELETE', '/config/layout/company/ACME/layout/WIDE_1', as.acme)).statusCode).toBe(404);
  });

  it('refuses an unknown type, a doubled id and a blank id, storing nothing', async () => {
    const before = await sut.deps.db.select().from(layoutConfigs).where(eq(layoutConfigs.companyCode, 'ACME'));
    const bad = [
      [{ layoutId: 'X1', layoutType: 'NOPE' }],
      [
        { layoutId: 'X1', layoutType: 'WIDE' },
        { layoutId: 'X1', layoutType: 'STANDARD' },
      ],
      [{ layoutId: ' ', layoutType: 'WIDE' }],
    ];
    for (const layoutConfig of bad)
      expect((await call('POST', '/config/layout', as.acme, { companyCode: 'ACME', layoutConfig })).statusCode).toBe(400);
    expect(
      (await call('POST', '/config/layout', as.viewer, { companyCode: 'ACME', layoutConfig: [{ layoutId: 'X1', layoutType: 'WIDE' }] }))
        .statusCode,
    ).toBe(403);
    expect(await sut.deps.db.select().from(layoutConfigs).where(eq(layoutConfigs.companyCode, 'ACME'))).toEqual(before);
  });
});
