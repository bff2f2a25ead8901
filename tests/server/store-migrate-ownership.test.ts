import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gateways, members, roles, stores, tags } from '../../server/db/schema/index';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../server/repos/store-transfer';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/**
 * Store migration writes only into the target store's company (issue 29, finding 2): every row a migrate file names
 * is new or that company's; a file naming another company's gateway, tag or account is refused whole and nothing is
 * written. Rows of another store of the same company move into the target.
 */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord', AuthHeaders>;

/** ACME's rows of the report (SEL001, demo seed). */
const ACME_GATEWAY = '3C1A00040001';
const ACME_TAG = 'C40004000000';
const ACME_MEMBER = 'weak-change@shelfpad.test';

type Line = { kind: string; row: Record<string, unknown> };
const file = (...rows: Line[]) =>
  [
    {
      kind: 'header',
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      storeCode: 'SRC',
      companyCode: 'SRC',
      exportedAt: new Date().toISOString(),
    },
    ...rows,
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
const gateway = (gwMac: string): Line => ({ kind: 'gateway', row: { gwMac } });
const tag = (tagMac: string, extra: Record<string, unknown> = {}): Line => ({
  kind: 'tag',
  row: { tagMac, barcode: `B${tagMac}`, ...extra },
});
const account = (email: string, roleId: number): Line => ({ kind: 'account', row: { email, name: 'Migrated', roleId } });

/** A multipart body of several `files` parts, as the console's migrate dialog sends it. */
function migrateForm(contents: string[]) {
  const boundary = '----shelfpad-migrate-boundary';
  const parts = contents.map(
    (content, i) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="store-${i + 1}.jsonl"\r\nContent-Type: application/x-ndjson\r\n\r\n${content}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const migrate = (storeCode: string, who: AuthHeaders, ...contents: string[]) => {
  const form = migrateForm(contents);
  return sut.app.inject({
    method: 'POST',
    url: `/api/config/store/${storeCode}/migrate`,
    headers: { ...who, ...form.headers },
    payload: form.payload,
  });
};

/** What the refused calls must leave as it was: ACME's rows of the report, and the target store. */
async function snapshot() {
  const db = sut.deps.db;
  const [gw] = await db
    .select({ storeCode: gateways.storeCode, note: gateways.note })
    .from(gateways)
    .where(eq(gateways.gwMac, ACME_GATEWAY));
  const [tg] = await db
    .select({ storeCode: tags.storeCode, companyCode: tags.companyCode, barcode: tags.barcode, gwMac: tags.gwMac })
    .from(tags)
    .where(eq(tags.tagMac, ACME_TAG));
  const [member] = await db
    .select({ companies: members.companies, stores: members.stores })
    .from(members)
    .where(eq(members.email, ACME_MEMBER));
  const [london] = await db.select({ hideLed: stores.hideLed }).from(stores).where(eq(stores.storeCode, 'LON001'));
  const londonGateways = (await db.select({ mac: gateways.gwMac }).from(gateways).where(eq(gateways.storeCode, 'LON001')))
    .map((g) => g.mac)
    .sort();
  return { gw, tg, member, london, londonGateways };
}

let acmeOperatorRole: number;
let nordClerkRole: number;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord']));
  const db = sut.deps.db;
  [{ roleId: acmeOperatorRole }] = await db.select({ roleId: roles.roleId }).from(roles).where(eq(roles.name, 'Store operator'));
  [{ roleId: nordClerkRole }] = await db
    .insert(roles)
    .values({ name: 'Nord clerk', companyCode: 'NORD' })
    .returning({ roleId: roles.roleId });
  await db.insert(members).values({
    email: 'nord-clerk@shelfpad.test',
    name: 'Nord Clerk',
    passwordHash: '!',
    roleId: nordClerkRole,
    companies: ['NORD'],
    stores: ['BER001'],
  });
});
afterAll(async () => sut?.close());

describe('store migration across companies', () => {
  it("refuses the report's file whole: ACME's gateway, tag and member stay as they were, nothing else is written", async () => {
    const before = await snapshot();
    expect(before.gw.storeCode).toBe('SEL001');
    const content = file(
      { kind: 'store', row: { hideLed: !before.london.hideLed } },
      gateway('AA00000000F1'),
      gateway(ACME_GATEWAY),
      tag(ACME_TAG),
      account(ACME_MEMBER, acmeOperatorRole),
    );
    const res = await migrate('LON001', as.nord, content);
    expect(res.statusCode, res.body).toBe(409);
    const { code, message } = res.json() as { code: string; message: string };
    expect(code).toBe('MIGRATE_FOREIGN_ROWS');
    expect(message).toContain(`gateway ${ACME_GATEWAY}`);
    expect(message).toContain(`tag ${ACME_TAG}`);
    expect(message).toContain(`account ${ACME_MEMBER}`);
    expect(message).not.toContain('SEL001');
    expect(await snapshot()).toEqual(before);

    // Seen through the API as ACME: its gateway is still SEL001's.
    const seen = await sut.app.inject({ method: 'GET', url: `/api/config/gw/store/SEL001/gw/${ACME_GATEWAY}`, headers: as.acme });
    expect(seen.statusCode, seen.body).toBe(200);
  });

  it.each([
    ['a gateway MAC in another spelling', () => gateway('3c:1a:00:04:00:01')],
    ['a tag MAC in another spelling', () => tag('c4-00-04-00-00-00')],
    ['a new tag naming the other company’s gateway', () => tag('AA00000000F2', { gwMac: ACME_GATEWAY })],
    ['a member e-mail in another case', () => account('Weak-Change@Shelfpad.TEST', acmeOperatorRole)],
    ['the other company’s administrator', () => account('acme-admin@shelfpad.test', 0)],
  ])('refuses %s', async (_what, line) => {
    const before = await snapshot();
    const res = await migrate('LON001', as.nord, file(gateway('AA00000000F3'), line()));
    expect(res.statusCode, res.body).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every file when a later one names another company’s row', async () => {
    const before = await snapshot();
    const res = await migrate('LON001', as.nord, file(gateway('AA00000000F4')), file(tag(ACME_TAG)));
    expect(res.statusCode, res.body).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the super administrator too: a migration re-homes a store, it does not move rows between companies', async () => {
    const before = await snapshot();
    const res = await migrate('LON001', as.admin, file(gateway(ACME_GATEWAY)));
    expect(res.statusCode, res.body).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a company administrator migrate only into stores of its companies', async () => {
    const res = await migrate('TKY001', as.nord, file(gateway('AA00000000F5')));
    expect(res.statusCode).toBe(403);
    expect(await sut.deps.db.select().from(gateways).where(eq(gateways.gwMac, 'AA00000000F5'))).toEqual([]);
  });

  it('answers 400 for a tag naming a gateway that is neither in the file nor on the server', async () => {
    const res = await migrate('LON001', as.nord, file(tag('AA00000000F6', { gwMac: 'AA00000000FF' })));
    expect(res.statusCode, res.body).toBe(400);
    expect(await sut.deps.db.select().from(tags).where(eq(tags.tagMac, 'AA00000000F6'))).toEqual([]);
  });

  it('answers 400 for a file naming one gateway twice (in two spellings)', async () => {
    const res = await migrate('LON001', as.nord, file(gateway('AA00000000F8'), gateway('aa:00:00:00:00:f8')));
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { message: string }).message).toContain('gateway AA00000000F8 appears twice');
  });

  it('refuses fields that would name a store or a company', async () => {
    for (const line of [
      { kind: 'store', row: { companyCode: 'ACME' } },
      { kind: 'tag', row: { tagMac: 'AA00000000F7', barcode: 'x', storeCode: 'SEL001' } },
      { kind: 'tag', row: { tagMac: 'AA00000000F7', barcode: 'x', companyCode: 'ACME' } },
      { kind: 'account', row: { email: 'x@shelfpad.test', name: 'x', roleId: nordClerkRole, companies: ['ACME'] } },
    ]) {
      const res = await migrate('LON001', as.nord, file(line));
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('moves rows of another store of the same company, links its members, and leaves out another company’s role', async () => {
    const db = sut.deps.db;
    const [berlinGateway] = await db.select({ mac: gateways.gwMac }).from(gateways).where(eq(gateways.storeCode, 'BER001')).limit(1);
    const [berlinTag] = await db
      .select({ mac: tags.tagMac, barcode: tags.barcode })
      .from(tags)
      .where(eq(tags.storeCode, 'BER001'))
      .limit(1);
    const before = await snapshot();
    const res = await migrate(
      'LON001',
      as.nord,
      file(
        gateway(berlinGateway.mac),
        tag(berlinTag.mac, { barcode: berlinTag.barcode }),
        account('nord-clerk@shelfpad.test', nordClerkRole),
        account('nord-newcomer@shelfpad.test', nordClerkRole),
        account('acme-role-newcomer@shelfpad.test', acmeOperatorRole),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gwCount: 1, tagCount: 1, accountCount: 2 });

    const [gw] = await db.select({ storeCode: gateways.storeCode }).from(gateways).where(eq(gateways.gwMac, berlinGateway.mac));
    expect(gw.storeCode).toBe('LON001');
    const [tg] = await db
      .select({ storeCode: tags.storeCode, companyCode: tags.companyCode })
      .from(tags)
      .where(eq(tags.tagMac, berlinTag.mac));
    expect(tg).toEqual({ storeCode: 'LON001', companyCode: 'NORD' });
    const [clerk] = await db
      .select({ companies: members.companies, stores: members.stores })
      .from(members)
      .where(eq(members.email, 'nord-clerk@shelfpad.test'));
    expect(clerk).toEqual({ companies: ['NORD'], stores: ['BER001', 'LON001'] });
    const [newcomer] = await db
      .select({ companies: members.companies, roleId: members.roleId })
      .from(members)
      .where(eq(members.email, 'nord-newcomer@shelfpad.test'));
    expect(newcomer).toEqual({ companies: ['NORD'], roleId: nordClerkRole });
    expect(await db.select().from(members).where(eq(members.email, 'acme-role-newcomer@shelfpad.test'))).toEqual([]);
    expect({ ...(await snapshot()), londonGateways: before.londonGateways }).toEqual(before);
  });
});
