import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { amacs, companies, members, smtpConfigs, stores } from '../../server/db/schema/index';
import { openSecret } from '../../server/lib/secret-box';
import { login, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Company configuration and AMac (console-admin §3, §5, §6, §7): validation, privileges, what is stored. */
let sut: TestServer;
let superAdmin: AuthHeaders;
let acmeAdmin: AuthHeaders;
let nordAdmin: AuthHeaders;
let operator: AuthHeaders;

const SETTINGS = {
  historyRetentionDays: 30,
  updateHistoryRetentionDays: 7,
  tagDisplayRefreshDays: 1,
  gatewayStatusCheckInterval: 600,
  gatewayStatusCheckMargin: 120,
  panId: 'BFFF',
};
const NEW_COMPANY = {
  companyCode: 'GLOBEX',
  companyName: 'Globex Markets',
  address: '1 Main St',
  ...SETTINGS,
  admin: { email: 'GLOBEX-admin', name: 'Globex Admin', password: 'Globex#2026' },
};

beforeAll(async () => {
  ({
    sut,
    as: { admin: superAdmin, acme: acmeAdmin, nord: nordAdmin, operator },
  } = await startWithLogins(['admin', 'acme', 'nord', 'operator']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const listOf = async (headers: AuthHeaders) =>
  (
    (await call('POST', '/config/company/list', headers, { draw: 1, start: 0, length: 25 })).json() as { data: { companyCode: string }[] }
  ).data.map((c) => c.companyCode);

describe('company config', () => {
  // spec: admin §7.16 — company config list (POST)
  it('lists every company to role -1 and only its own to a company admin', async () => {
    expect(await listOf(superAdmin)).toEqual(expect.arrayContaining(['ACME', 'NORD', 'COOP']));
    expect(await listOf(acmeAdmin)).toEqual(['ACME']);
    const res = await call('POST', '/config/company/list', operator, { draw: 1, start: 0, length: 25 });
    expect(res.statusCode).toBe(403);
  });

  // spec: admin §3.14, admin §7.16 — company add with its admin account; time server and mainFrom defaults (admin §9.5 in part)
  it('creates a company with its admin account, who can log in and sees only that company', async () => {
    const res = await call('POST', '/config/company', superAdmin, {
      ...NEW_COMPANY,
      smtp: { enable: true, server: 'smtp.globex.test', port: 587, account: 'mail@globex.test', password: 'pw' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [company] = await sut.deps.db.select().from(companies).where(eq(companies.companyCode, 'GLOBEX'));
    // What the form left out takes the spec's defaults (console-admin §9).
    expect(company).toMatchObject({
      companyName: 'Globex Markets',
      timeServerIp: 'pool.ntp.org',
      timeServerPort: 123,
      mainFromMac: 2,
      mainFromPage: 3,
      isDefault: false,
    });
    const [admin] = await sut.deps.db.select().from(members).where(eq(members.email, 'globex-admin'));
    expect(admin).toMatchObject({ roleId: 0, companies: ['GLOBEX'], name: 'Globex Admin' });
    expect(admin.passwordHash).not.toContain('Globex#2026');
    const [smtp] = await sut.deps.db.select().from(smtpConfigs).where(eq(smtpConfigs.companyCode, 'GLOBEX'));
    expect(smtp).toMatchObject({ enable: true, server: 'smtp.globex.test' });
    expect(openSecret(smtp.password ?? '')).toBe('pw');
    const globex = await login(sut.app, 'globex-admin', 'Globex#2026');
    const page = (await call('POST', '/config/company/list', globex, { draw: 1, start: 0, length: 25 })).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ companyCode: 'GLOBEX', smtp: { server: 'smtp.globex.test', password: '' } });
    expect(JSON.stringify(page)).not.toContain('"pw"');
  });

  it.each([
    ['a blank company name', { ...NEW_COMPANY, companyCode: 'X1', companyName: ' ' }, 400, /companyName/],
    ['a check margin under 100', { ...NEW_COMPANY, companyCode: 'X2', gatewayStatusCheckMargin: 99 }, 400, /gatewayStatusCheckMargin/],
    ['no admin password', { ...NEW_COMPANY, companyCode: 'X3', admin: { email: 'x3-admin', name: 'X' } }, 400, /password/],
    [
      'SMTP on without its host',
      { ...NEW_COMPANY, companyCode: 'X4', admin: { ...NEW_COMPANY.admin, email: 'x4-admin' }, smtp: { enable: true } },
      400,
      /SMTP server, port and account are required/,
    ],
    [
      'a weak admin password',
      { ...NEW_COMPANY, companyCode: 'X6', admin: { ...NEW_COMPANY.admin, email: 'x6-admin', password: 'password' } },
      400,
      /^Your password is too weak/,
    ],
    ['a company code in use', NEW_COMPANY, 409, /Company GLOBEX exists already/],
    [
      'an admin login in use',
      { ...NEW_COMPANY, companyCode: 'X5', admin: { ...NEW_COMPANY.admin, email: 'acme-admin@shelfpad.test' } },
      409,
      /acme-admin@shelfpad.test exists already/,
    ],
  ])('refuses %s and stores nothing', async (_, body, status, message) => {
    const res = await call('POST', '/config/company', superAdmin, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await sut.deps.db.select().from(companies).where(eq(companies.companyCode, body.companyCode))).toHaveLength(
      body === NEW_COMPANY ? 1 : 0,
    );
  });

  it('leaves creating companies to the super administrator', async () => {
    const res = await call('POST', '/config/company', acmeAdmin, {
      ...NEW_COMPANY,
      companyCode: 'ACME2',
      admin: { ...NEW_COMPANY.admin, email: 'acme2-admin' },
    });
    expect(res.statusCode).toBe(403);
    expect(await sut.deps.db.select().from(companies).where(eq(companies.companyCode, 'ACME2'))).toHaveLength(0);
  });

  // spec: admin §7.16 — company save
  it('lets a company admin edit its company, not another', async () => {
    const body = { companyName: 'Acme Retail Asia', ...SETTINGS, historyRetentionDays: 45, panId: 'beef' };
    expect((await call('PUT', '/config/company/ACME', acmeAdmin, body)).statusCode).toBe(200);
    const [acme] = await sut.deps.db.select().from(companies).where(eq(companies.companyCode, 'ACME'));
    expect(acme).toMatchObject({ historyRetentionDays: 45, panId: 'BEEF' });
    const refused = await call('PUT', '/config/company/ACME', nordAdmin, { ...body, companyName: 'Taken over' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Permission denied for company ACME.');
    expect((await call('PUT', '/config/company/NOPE', superAdmin, body)).statusCode).toBe(404);
    expect((await call('PUT', '/config/company/ACME', superAdmin, { ...body, admin: NEW_COMPANY.admin })).statusCode).toBe(400);
  });

  // spec: admin §6.1, admin §7.16 — only role -1 deletes companies
  it('deletes a company (role -1 only) with its stores, but never the last one', async () => {
    expect((await call('DELETE', '/config/company/GLOBEX', acmeAdmin)).statusCode).toBe(403);
    const nordStores = await sut.deps.db.select({ code: stores.storeCode }).from(stores).where(eq(stores.companyCode, 'NORD'));
    expect(nordStores.length).toBeGreaterThan(0);
    expect((await call('DELETE', '/config/company/NORD', superAdmin)).statusCode).toBe(200);
    expect(await sut.deps.db.select().from(stores).where(eq(stores.companyCode, 'NORD'))).toEqual([]);
    const [nordMember] = await sut.deps.db.select().from(members).where(eq(members.email, 'nord-admin@shelfpad.test'));
    expect(nordMember.companies).toEqual([]);
    expect((await call('DELETE', '/config/company/NORD', superAdmin)).statusCode).toBe(404);
    for (const code of (await listOf(superAdmin)).filter((c) => c !== 'ACME')) {
      expect((await call('DELETE', `/config/company/${code}`, superAdmin)).statusCode).toBe(200);
    }
    const last = await call('DELETE', '/config/company/ACME', superAdmin);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The last company cannot be deleted.');
    expect(await listOf(superAdmin)).toEqual(['ACME']);
  });
});

describe('AMac', () => {
  const list = async () => (await call('GET', '/config/amac', acmeAdmin)).json() as { abstractCode: string; abstractData: string }[];

  // spec: admin §3.5, admin §7.17 — AMac get, add, save, delete
  it('creates, edits and deletes an AMac', async () => {
    expect((await call('POST', '/config/amac', superAdmin, { abstractCode: 'AM10', abstractData: '3C1A0010' })).statusCode).toBe(200);
    expect(await list()).toContainEqual({ abstractCode: 'AM10', abstractData: '3C1A0010' });
    expect((await call('PUT', '/config/amac/AM10', superAdmin, { abstractData: '3C1A0011' })).statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(amacs).where(eq(amacs.abstractCode, 'AM10'));
    expect(row.abstractData).toBe('3C1A0011');
    expect((await call('DELETE', '/config/amac/AM10', superAdmin)).statusCode).toBe(200);
    expect((await list()).map((a) => a.abstractCode)).not.toContain('AM10');
  });

  // spec: admin §5.9 — the AMac half: abstractCode and abstractData required
  it.each([
    ['a blank abstract code', 'POST', '/config/amac', { abstractCode: ' ', abstractData: 'x' }, 400, /abstractCode/],
    ['no abstract data', 'POST', '/config/amac', { abstractCode: 'AM11' }, 400, /abstractData/],
    ['blank abstract data', 'PUT', '/config/amac/AM01', { abstractData: '  ' }, 400, /abstractData/],
    ['a code in use', 'POST', '/config/amac', { abstractCode: 'AM01', abstractData: 'x' }, 409, /AMac AM01 exists already/],
    ['an unknown code', 'PUT', '/config/amac/NOPE', { abstractData: 'x' }, 404, /Unknown AMac: NOPE/],
  ] as const)('refuses %s', async (_, method, url, body, status, message) => {
    const res = await call(method, url, superAdmin, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
  });

  it('is shared by every company: only role -1 changes it', async () => {
    const res = await call('POST', '/config/amac', acmeAdmin, { abstractCode: 'AM12', abstractData: 'x' });
    expect(res.statusCode).toBe(403);
    expect((await call('DELETE', '/config/amac/AM01', acmeAdmin)).statusCode).toBe(403);
    expect((await list()).map((a) => a.abstractCode)).toEqual(['AM01', 'AM02']);
    expect((await call('GET', '/config/amac', operator)).statusCode).toBe(403);
  });
});
