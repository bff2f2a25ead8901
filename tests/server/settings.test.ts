import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { mobileSoftware, serverConfig, smtpConfigs } from '../../server/db/schema/index';
import { fileStoreOf } from '../../server/lib/file-store';
import { sendMail } from '../../server/lib/mailer';
import { openSecret } from '../../server/lib/secret-box';
import { TEST_MAIL_FAILED_MESSAGE } from '../../server/lib/smtp-test-answer';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { startSmtpSink, type SmtpSink } from './settings-smtp-sink';

/** Server config, SMTP and mobile software (console-admin §3, §5, §7): validation, who may change them, what is stored and sent. */
let sut: TestServer;
let sink: SmtpSink;
let superAdmin: AuthHeaders;
let acmeAdmin: AuthHeaders;
let nordAdmin: AuthHeaders;
let viewer: AuthHeaders;
let operator: AuthHeaders;

const SERVER_CONFIG = {
  retailServerIp: '10.1.2.3',
  retailServerPort: 9100,
  timeServerIp: 'ntp.example.test',
  timeServerPort: 123,
  gatewayStatusCheckInterval: 300,
  historyRetentionDays: 60,
  updateHistoryRetentionDays: 14,
  tagDisplayRefreshDays: 2,
  panId: 'abcd',
  mobile: '+81-3-1111-2222',
  email: 'ops@shelfpad.test',
  mainFromMac: 2,
  mainFromPage: 3,
};

beforeAll(async () => {
  // Uploaded files go to the temporary data folder the harness gives the server, not to the checkout's ./data.
  // The loopback SMTP host speaks no TLS: passwords go to it only because plain logins are allowed (smtp-security.test.ts).
  ({
    sut,
    as: { admin: superAdmin, acme: acmeAdmin, nord: nordAdmin, viewer, operator },
  } = await startWithLogins(['admin', 'acme', 'nord', 'viewer', 'operator'], { config: { smtpAllowPlainAuth: true } }));
  sink = await startSmtpSink('plain');
});
afterAll(async () => {
  await sink?.close();
  await sut?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });

describe('server config', () => {
  // spec: admin §3.12, admin §7.15 — server config fields stored and answered back (get and save)
  it('stores what the super administrator saves and answers it back', async () => {
    const res = await call('POST', '/config/server', superAdmin, SERVER_CONFIG);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await sut.deps.db.select().from(serverConfig).where(eq(serverConfig.id, 1));
    expect(row).toMatchObject({
      retailServerIp: '10.1.2.3',
      retailServerPort: 9100,
      historyRetentionDays: 60,
      panId: 'ABCD',
      email: 'ops@shelfpad.test',
    });
    // The site flags of the session are not part of this form and stay as they were.
    expect(row.enableProductUpdateHistory).toBe(true);
    const read = await call('GET', '/config/server', acmeAdmin);
    expect(read.json()).toEqual({ ...SERVER_CONFIG, panId: 'ABCD' });
  });

  it.each([
    ['a missing retention', { ...SERVER_CONFIG, historyRetentionDays: undefined }, /historyRetentionDays/],
    ['a blank panId', { ...SERVER_CONFIG, panId: '' }, /panId/],
    ['a text where a number belongs', { ...SERVER_CONFIG, gatewayStatusCheckInterval: '600' }, /gatewayStatusCheckInterval/],
    ['an unknown field', { ...SERVER_CONFIG, site: 'coop' }, /additional properties/],
    ['an e-mail that is no address', { ...SERVER_CONFIG, email: 'nobody' }, /Not an e-mail address: nobody/],
  ])('refuses %s with a 400 naming it', async (_, body, message) => {
    const res = await call('POST', '/config/server', superAdmin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('is the super administrator’s: a company admin may read it but not change it', async () => {
    const res = await call('POST', '/config/server', acmeAdmin, { ...SERVER_CONFIG, panId: '1234' });
    expect(res.statusCode).toBe(403);
    const [row] = await sut.deps.db.select({ panId: serverConfig.panId }).from(serverConfig);
    expect(row.panId).toBe('ABCD');
    // The operator's role has no server_config privilege at all; the viewer's reads everything.
    expect((await call('GET', '/config/server', operator)).statusCode).toBe(403);
    expect((await call('GET', '/config/server', viewer)).statusCode).toBe(200);
  });
});

describe('SMTP', () => {
  const smtp = (extra: object = {}) => ({
    enable: true,
    server: '127.0.0.1',
    port: sink.port,
    account: 'alerts@shelfpad.test',
    password: 's3cret!',
    tls: false,
    ssl: false,
    ...extra,
  });

  // spec: admin §3.13, admin §7.15 — SMTP config fields get and save
  it('stores the password but never answers it', async () => {
    expect((await call('POST', '/config/smtp', superAdmin, smtp())).statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(smtpConfigs).where(isNull(smtpConfigs.companyCode));
    expect(row).toMatchObject({ enable: true, server: '127.0.0.1', port: sink.port });
    expect(openSecret(row.password ?? '')).toBe('s3cret!');
    const read = await call('GET', '/config/smtp', superAdmin);
    expect(read.json()).toEqual({
      server: '127.0.0.1',
      port: sink.port,
      account: 'alerts@shelfpad.test',
      enable: true,
      password: '',
      tls: false,
      ssl: false,
    });
    expect(read.body).not.toContain('s3cret');
    // Saving again without a password keeps the stored one.
    expect((await call('POST', '/config/smtp', superAdmin, smtp({ password: '' }))).statusCode).toBe(200);
    const [again] = await sut.deps.db.select({ password: smtpConfigs.password }).from(smtpConfigs).where(isNull(smtpConfigs.companyCode));
    expect(openSecret(again.password ?? '')).toBe('s3cret!');
  });

  it('needs server, port and account when enabled', async () => {
    for (const missing of [{ server: '' }, { port: null }, { account: ' ' }]) {
      const res = await call('POST', '/config/smtp', superAdmin, smtp(missing));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('SMTP server, port and account are required when SMTP is enabled.');
    }
    expect((await call('POST', '/config/smtp', superAdmin, { enable: false, server: '' })).statusCode).toBe(200);
    expect((await call('POST', '/config/smtp', superAdmin, smtp())).statusCode).toBe(200);
  });

  it('sends a real test mail to the configured address, logging in with the stored password', async () => {
    const res = await call('POST', '/config/smtp/test', superAdmin, smtp({ password: '' }));
    expect(res.statusCode, res.body).toBe(200);
    const mail = await sink.next((m) => m.subject === 'Shelfpad test mail' && m.text.includes('settings of the server'));
    expect(mail.to).toEqual(['ops@shelfpad.test']);
    expect(mail.from).toBe('alerts@shelfpad.test');
    expect(mail).toMatchObject({ user: 'alerts@shelfpad.test', password: 's3cret!', secure: false });
  });

  it('answers a host that cannot be reached with a 400 that names no detail of the host', async () => {
    const res = await call('POST', '/config/smtp/test', superAdmin, smtp({ port: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEST_MAIL_FAILED_MESSAGE);
  });

  it('keeps company SMTP within the company: its admin, not another company’s', async () => {
    const body = smtp({ account: 'acme-mail@shelfpad.test', password: 'acme-pw' });
    expect((await call('POST', '/config/smtp/company/ACME', acmeAdmin, body)).statusCode).toBe(200);
    const refused = await call('POST', '/config/smtp/company/ACME', nordAdmin, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Permission denied for company ACME.');
    expect((await call('GET', '/config/smtp/company/ACME', nordAdmin)).statusCode).toBe(403);
    const read = await call('GET', '/config/smtp/company/ACME', acmeAdmin);
    expect(read.json()).toMatchObject({ account: 'acme-mail@shelfpad.test', password: '' });
    const [row] = await sut.deps.db.select().from(smtpConfigs).where(eq(smtpConfigs.companyCode, 'ACME'));
    expect(openSecret(row.password ?? '')).toBe('acme-pw');
    const test = await call('POST', '/config/smtp/company/ACME/test', acmeAdmin, { ...body, password: '' });
    expect(test.statusCode, test.body).toBe(200);
    const mail = await sink.next((m) => m.text.includes('settings of company ACME'));
    expect(mail).toMatchObject({ user: 'acme-mail@shelfpad.test', password: 'acme-pw' });
    expect((await call('GET', '/config/smtp/company/NOPE', superAdmin)).statusCode).toBe(404);
  });

  it('is refused to members without the privilege and to company admins for the global setting', async () => {
    expect((await call('POST', '/config/smtp', acmeAdmin, smtp())).statusCode).toBe(403);
    expect((await call('POST', '/config/smtp/test', acmeAdmin, smtp())).statusCode).toBe(403);
    expect((await call('POST', '/config/smtp/company/ACME', viewer, smtp())).statusCode).toBe(403);
  });
});

describe('mailer: TLS and SSL as configured', () => {
  const base = { server: 'localhost', account: 'tls@shelfpad.test', password: 'pw', tls: false, ssl: false };
  const message = (subject: string) => ({ to: 'ops@shelfpad.test', subject, text: 'hello' });

  it('requires STARTTLS when tls is on, and refuses a host that does not offer it', async () => {
    const tlsSink = await startSmtpSink('starttls');
    try {
      await sendMail({ ...base, port: tlsSink.port, tls: true }, message('over starttls'), { ca: tlsSink.cert });
      expect((await tlsSink.next()).secure).toBe(true);
    } finally {
      await tlsSink.close();
    }
    await expect(sendMail({ ...base, port: sink.port, tls: true }, message('must not go'), { ca: sink.cert })).rejects.toThrow(/STARTTLS/);
    expect(sink.mails.some((m) => m.subject === 'must not go')).toBe(false);
  });

  it('speaks TLS from the first byte when ssl is on, checking the certificate', async () => {
    const sslSink = await startSmtpSink('ssl');
    try {
      await sendMail({ ...base, port: sslSink.port, ssl: true }, message('over ssl'), { ca: sslSink.cert });
      expect((await sslSink.next()).secure).toBe(true);
      // Without trusting the host's certificate the mail does not go out.
      await expect(sendMail({ ...base, port: sslSink.port, ssl: true }, message('untrusted'))).rejects.toThrow(/certificate/);
    } finally {
      await sslSink.close();
    }
  });
});

describe('mobile software files', () => {
  const apk = (marker: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`apk ${marker}`)]);
  const upload = (headers: AuthHeaders, name: string, content: Buffer) => {
    const form = multipartBody({}, { name, content });
    return sut.app.inject({ method: 'POST', url: '/api/app/file', headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const list = async () => (await call('GET', '/app/file/list', superAdmin)).json() as { _id: string; ver: string; active: boolean }[];

  // spec: admin §3.17, admin §7.15 — mobile file list (ver, active, _id) and download
  it('keeps an uploaded mobile_{version}.apk in the file store and hands it back whole', async () => {
    const res = await upload(superAdmin, 'mobile_2.4.1.apk', apk('2.4.1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, version: '2.4.1' });
    const [file] = await list();
    expect(file).toMatchObject({ ver: '2.4.1', active: false });
    const [row] = await sut.deps.db.select().from(mobileSoftware).where(eq(mobileSoftware.ver, '2.4.1'));
    expect(row.filePath).toMatch(/^mobile-software\/[0-9a-f-]+\.apk$/);
    const stored = await fileStoreOf(sut.deps.config.dataDir).read(row.filePath);
    expect(stored?.size).toBe(apk('2.4.1').length);
    const download = await sut.app.inject({ method: 'GET', url: `/api/app/file/${file._id}`, headers: acmeAdmin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('mobile_2.4.1.apk');
    expect(download.rawPayload.equals(apk('2.4.1'))).toBe(true);
  });

  // spec: admin §5.7 — the mobile half: file name mobile_{version_info}.apk
  it.each([
    ['a name without the mobile_ prefix', 'app_1.0.apk', apk('x'), 400, 'The file name must look like mobile_{version_info}.apk.'],
    ['another extension', 'mobile_1.0.zip', apk('x'), 400, 'The file name must look like mobile_{version_info}.apk.'],
    ['a file that is no package', 'mobile_1.0.apk', Buffer.from('just text'), 400, 'The file is not an Android package (.apk).'],
    ['a version uploaded already', 'mobile_2.4.1.apk', apk('again'), 409, 'Version 2.4.1 is uploaded already.'],
  ])('refuses %s', async (_, name, content, status, message) => {
    const res = await upload(superAdmin, name, content);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await list()).map((f) => f.ver)).toEqual(['2.4.1']);
  });

  // spec: admin §4.4, admin §7.15 — activating is a single action, one active file; remove
  it('activates one file at a time and removes a file with its stored copy', async () => {
    expect((await upload(superAdmin, 'mobile_2.5.0.apk', apk('2.5.0'))).statusCode).toBe(200);
    const [newer, older] = await list();
    expect([newer.ver, older.ver]).toEqual(['2.5.0', '2.4.1']);
    expect((await call('POST', `/app/file/${older._id}/activate`, superAdmin)).statusCode).toBe(200);
    expect((await call('POST', `/app/file/${newer._id}/activate`, superAdmin)).statusCode).toBe(200);
    expect((await list()).map((f) => [f.ver, f.active])).toEqual([
      ['2.5.0', true],
      ['2.4.1', false],
    ]);
    const [row] = await sut.deps.db.select().from(mobileSoftware).where(eq(mobileSoftware.ver, '2.4.1'));
    const removed = await sut.app.inject({ method: 'DELETE', url: `/api/app/file/${older._id}`, headers: superAdmin });
    expect(removed.statusCode).toBe(200);
    expect((await list()).map((f) => f.ver)).toEqual(['2.5.0']);
    expect(await fileStoreOf(sut.deps.config.dataDir).read(row.filePath)).toBeUndefined();
    const again = await sut.app.inject({ method: 'DELETE', url: `/api/app/file/${older._id}`, headers: superAdmin });
    expect(again.statusCode).toBe(404);
    expect((await call('POST', '/app/file/abc/activate', superAdmin)).statusCode).toBe(404);
  });

  it('lets only the super administrator change the files', async () => {
    const [file] = await list();
    expect((await upload(acmeAdmin, 'mobile_3.0.apk', apk('3.0'))).statusCode).toBe(403);
    expect((await call('POST', `/app/file/${file._id}/activate`, acmeAdmin)).statusCode).toBe(403);
    const res = await sut.app.inject({ method: 'DELETE', url: `/api/app/file/${file._id}`, headers: acmeAdmin });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the super administrator may change what every company shares.');
    expect((await list()).map((f) => f.ver)).toEqual(['2.5.0']);
  });
});
