import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { serverConfig, smtpConfigs } from '../../server/db/schema/index';
import { sendMail, transportOptions } from '../../server/lib/mailer';
import { sendNotificationMail } from '../../server/services/notification-mail';
import { configureSecretKey, KEY_FILE, openSecret, parseSecretKey, sealSecret, SecretUnreadableError } from '../../server/lib/secret-box';
import { TEST_MAIL_FAILED_MESSAGE, TEST_MAIL_FAILURE_ANSWER_MS } from '../../server/lib/smtp-test-answer';
import { TEST_MAILS_PER_MINUTE } from '../../server/routes/settings';
import { saveNotificationContents } from '../../server/repos/notifications';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { startSmtpSink, type SmtpSink } from './settings-smtp-sink';

/**
 * Issue 29 finding 6: the SMTP test mail let a company admin map ports of the server's network (a refused port
 * answered in 15 ms, a silent one after 10 s, the host's words echoed) and sent the stored password, in clear, to
 * whatever host the request named. SMTP passwords also lay in the database in clear.
 */
let sut: TestServer;
let superAdmin: AuthHeaders;
let acmeAdmin: AuthHeaders;
/** Where the stored settings point: the company's real mail host. */
let stored: SmtpSink;
/** A host of the caller's choosing. */
let elsewhere: SmtpSink;
const servers: Server[] = [];
const sockets = new Set<Socket>();

const TEST_ADDRESS = 'ops@shelfpad.test';
const ACME_SMTP = { enable: true, server: '127.0.0.1', account: 'acme-mail@shelfpad.test', tls: false, ssl: false };

beforeAll(async () => {
  ({
    sut,
    as: { admin: superAdmin, acme: acmeAdmin },
  } = await startWithLogins(['admin', 'acme']));
  [stored, elsewhere] = await Promise.all([startSmtpSink('plain'), startSmtpSink('plain')]);
  await sut.deps.db.update(serverConfig).set({ email: TEST_ADDRESS });
});
afterEach(() => {
  sut.deps.config.smtpAllowPlainAuth = false;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all([stored?.close(), elsewhere?.close()]);
  await sut?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const saveAcmeSmtp = (extra: object = {}) =>
  call('POST', '/config/smtp/company/ACME', acmeAdmin, { ...ACME_SMTP, port: stored.port, password: 'acme-pw', ...extra });
const testAcmeSmtp = (extra: object = {}) =>
  call('POST', '/config/smtp/company/ACME/test', acmeAdmin, { ...ACME_SMTP, port: stored.port, password: '', ...extra });
const storedRow = async (companyCode: string | null) =>
  (
    await sut.deps.db
      .select()
      .from(smtpConfigs)
      .where(companyCode === null ? isNull(smtpConfigs.companyCode) : eq(smtpConfigs.companyCode, companyCode))
  )[0];

/** A TCP port on loopback that `behave` answers; kept until the file ends. */
async function listening(behave: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    behave(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nobody listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the stored password goes only to the stored host', () => {
  it('is not sent to a host, port or account the request names instead', async () => {
    sut.deps.config.smtpAllowPlainAuth = true; // the loopback hosts speak no TLS; this part is about where, not how
    expect((await saveAcmeSmtp()).statusCode).toBe(200);

    const moved = await testAcmeSmtp({ port: elsewhere.port });
    expect(moved.statusCode, moved.body).toBe(200);
    const otherAccount = await testAcmeSmtp({ account: 'someone@shelfpad.test' });
    expect(otherAccount.statusCode, otherAccount.body).toBe(200);
    expect(elsewhere.logins).toEqual([]);
    expect(stored.logins.filter((l) => l.password === 'acme-pw')).toEqual([]);

    // Typed in the request, a password goes where the request says: it is the caller's own.
    expect((await testAcmeSmtp({ port: elsewhere.port, password: 'typed-pw' })).statusCode).toBe(200);
    expect(elsewhere.logins.map((l) => l.password)).toEqual(['typed-pw']);

    // The stored host, port and account: the stored password logs in.
    expect((await testAcmeSmtp()).statusCode).toBe(200);
    expect(stored.logins.map((l) => l.password)).toEqual(['acme-pw']);
  });

  it('is dropped when the settings are saved with another host and no password, rather than sent there later', async () => {
    sut.deps.config.smtpAllowPlainAuth = true;
    expect((await saveAcmeSmtp()).statusCode).toBe(200);
    expect((await saveAcmeSmtp({ password: '' })).statusCode).toBe(200);
    expect((await storedRow('ACME')).password).not.toBeNull();

    expect((await saveAcmeSmtp({ port: elsewhere.port, password: '' })).statusCode).toBe(200);
    expect((await storedRow('ACME')).password).toBeNull();
    const before = elsewhere.logins.length;
    expect((await testAcmeSmtp({ port: elsewhere.port })).statusCode).toBe(200);
    expect(elsewhere.logins.length).toBe(before);
  });
});

describe('a failed test mail tells nothing about the host', () => {
  it('answers a refused port, a silent one and a host that talks back with the same 400 at the same moment', async () => {
    const refused = await closedPort();
    const silent = await listening(() => undefined);
    const talkative = await listening((socket) => socket.end('554 mail.internal.example Postfix 3.4.1 - not for you\r\n'));
    const timed = async (port: number) => {
      const started = performance.now();
      const res = await testAcmeSmtp({ port, password: 'typed-pw' });
      return { ms: performance.now() - started, status: res.statusCode, body: res.json() };
    };
    const answers = await Promise.all([refused, silent, talkative].map(timed));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'SMTP_FAILED', message: TEST_MAIL_FAILED_MESSAGE });
      expect(answer.ms).toBeGreaterThanOrEqual(TEST_MAIL_FAILURE_ANSWER_MS - 50);
    }
    const times = answers.map((a) => a.ms);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(1_000);
  });
});

describe('a password goes only over TLS, unless the server allows plain logins', () => {
  it('refuses to log in on a host without STARTTLS, and sends once SMTP_ALLOW_PLAIN_AUTH is on', async () => {
    const refused = await testAcmeSmtp({ port: elsewhere.port, password: 'clear-pw' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEST_MAIL_FAILED_MESSAGE);
    expect(elsewhere.logins.some((l) => l.password === 'clear-pw')).toBe(false);

    // No password at all: nothing to protect, the plain host takes the mail.
    expect((await testAcmeSmtp({ port: elsewhere.port, account: '' })).statusCode).toBe(200);

    sut.deps.config.smtpAllowPlainAuth = true;
    expect((await testAcmeSmtp({ port: elsewhere.port, password: 'clear-pw' })).statusCode).toBe(200);
    expect(elsewhere.logins.filter((l) => l.password === 'clear-pw')).toEqual([
      { user: ACME_SMTP.account, password: 'clear-pw', secure: false },
    ]);
  });

  it('upgrades with STARTTLS before the login when neither TLS nor SSL is ticked', async () => {
    const tlsHost = await startSmtpSink('starttls');
    try {
      const settings = { server: 'localhost', port: tlsHost.port, account: 'tls@shelfpad.test', password: 'pw', tls: false, ssl: false };
      expect(transportOptions(settings)).toMatchObject({ requireTLS: true, ignoreTLS: false });
      expect(transportOptions(settings, { allowPlainAuth: true })).toMatchObject({ requireTLS: false, ignoreTLS: true });
      await sendMail(settings, { to: TEST_ADDRESS, subject: 'upgraded', text: 'hello' }, { ca: tlsHost.cert });
      expect(tlsHost.logins).toEqual([{ user: 'tls@shelfpad.test', password: 'pw', secure: true }]);
      expect((await tlsHost.next()).secure).toBe(true);
    } finally {
      await tlsHost.close();
    }
  });
});

describe('SMTP passwords at rest', () => {
  it('are sealed with AES-256-GCM under the data folder’s key file, and never answered', async () => {
    expect(
      (await call('POST', '/config/smtp', superAdmin, { ...ACME_SMTP, port: stored.port, password: 'Very$ecret-42' })).statusCode,
    ).toBe(200);
    expect((await saveAcmeSmtp({ password: 'acme-pw' })).statusCode).toBe(200);
    for (const [companyCode, secret] of [
      [null, 'Very$ecret-42'],
      ['ACME', 'acme-pw'],
    ] as const) {
      const { password } = await storedRow(companyCode);
      expect(password).toMatch(/^enc:v1:/);
      expect(password).not.toContain(secret);
      expect(openSecret(password as string)).toBe(secret);
    }
    // Sealed twice, the same password reads differently (a fresh IV each time).
    expect(sealSecret('same')).not.toBe(sealSecret('same'));
    expect(statSync(join(sut.deps.config.dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);

    const answers = await Promise.all([
      call('GET', '/config/smtp', superAdmin),
      call('GET', '/config/smtp/company/ACME', acmeAdmin),
      call('POST', '/config/company/list', superAdmin, { draw: 1, start: 0, length: 100 }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toMatch(/Very\$ecret-42|acme-pw|enc:v1:/);
    }
  });

  it('are opened for the notification mail, and one stored in clear still works and is sealed on the next save', async () => {
    sut.deps.config.smtpAllowPlainAuth = true;
    await sut.deps.db
      .update(smtpConfigs)
      .set({ port: stored.port, account: ACME_SMTP.account, password: 'legacy-pw', enable: true })
      .where(eq(smtpConfigs.companyCode, 'ACME'));
    await saveNotificationContents(sut.deps.db, [{ key: 'gwOff1Hr', title: 't', detail: 'd', subject: 'Sealed {store}', body: 'b' }]);
    const legacy = await sendNotificationMail(
      sut.deps.db,
      { key: 'gwOff1Hr', companyCode: 'ACME', vars: { store: 'legacy' } },
      { allowPlainAuth: true },
    );
    expect(legacy).toMatchObject({ sent: true });
    expect(stored.logins.at(-1)).toMatchObject({ password: 'legacy-pw' });

    expect((await saveAcmeSmtp({ password: '' })).statusCode).toBe(200);
    const { password } = await storedRow('ACME');
    expect(password).toMatch(/^enc:v1:/);
    expect(openSecret(password as string)).toBe('legacy-pw');
    const sealed = await sendNotificationMail(
      sut.deps.db,
      { key: 'gwOff1Hr', companyCode: 'ACME', vars: { store: 'sealed' } },
      { allowPlainAuth: true },
    );
    expect(sealed).toMatchObject({ sent: true });
    expect(stored.logins.at(-1)).toMatchObject({ password: 'legacy-pw' });
  });

  it('take SECRET_KEY when set; under another key a sealed password is refused with a 400, not sent', async () => {
    const otherKey = 'ab'.repeat(32);
    expect(loadConfig({ SECRET_KEY: otherKey, SMTP_ALLOW_PLAIN_AUTH: 'yes' })).toMatchObject({
      secretKey: otherKey,
      smtpAllowPlainAuth: true,
    });
    expect(loadConfig({}).smtpAllowPlainAuth).toBe(false);
    expect(() => parseSecretKey('too short')).toThrow(/64 hex digits or base64/);
    expect(parseSecretKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));

    sut.deps.config.smtpAllowPlainAuth = true;
    expect((await saveAcmeSmtp({ password: 'acme-pw' })).statusCode).toBe(200);
    configureSecretKey({ secretKey: otherKey, dataDir: sut.deps.config.dataDir });
    try {
      expect(openSecret(sealSecret('under the new key'))).toBe('under the new key');
      const { password } = await storedRow('ACME');
      expect(() => openSecret(password as string)).toThrow(SecretUnreadableError);
      const before = stored.logins.length;
      const res = await testAcmeSmtp();
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('SMTP_PASSWORD_UNREADABLE');
      expect(stored.logins.length).toBe(before);
    } finally {
      configureSecretKey(sut.deps.config);
    }
  });
});

describe('test mails are counted per member', () => {
  it(`sends ${TEST_MAILS_PER_MINUTE} in a minute and refuses the next with a 429 that connects nowhere`, async () => {
    const host = await startSmtpSink('plain');
    try {
      // No account: the sink takes the mail without a login, so each test mail ends at once.
      const body = { enable: true, server: '127.0.0.1', port: host.port, account: '', password: '', tls: false, ssl: false };
      const answers = await Promise.all(
        Array.from({ length: TEST_MAILS_PER_MINUTE + 1 }, () => call('POST', '/config/smtp/test', superAdmin, body)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(TEST_MAILS_PER_MINUTE).fill(200), 429]);
      expect(host.mails).toHaveLength(TEST_MAILS_PER_MINUTE);
      // Another member keeps a count of its own.
      expect((await testAcmeSmtp({ port: host.port, account: '', password: '' })).statusCode).toBe(200);
    } finally {
      await host.close();
    }
  });
});
