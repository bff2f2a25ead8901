import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One mail as the loopback host received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The login the client authenticated with, if it did. */
  user?: string;
  password?: string;
  /** Whether the session ran over TLS (implicit or after STARTTLS). */
  secure: boolean;
  subject: string;
  /** The body as text (quoted-printable decoded). */
  text: string;
  raw: string;
}

/** The body of a one-part text mail, with quoted-printable soft breaks and escapes undone. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(raw)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** One AUTH the loopback host was offered, whether or not a mail followed. */
export interface ReceivedLogin {
  user: string;
  password: string;
  secure: boolean;
}

export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  /** Every login attempt, in order: a test of where a password went looks here, not only at delivered mails. */
  logins: ReceivedLogin[];
  /** The sink's own self-signed certificate for localhost, to trust in TLS tests. */
  cert: string;
  /** Resolves with the next mail that arrives (or the first one already there that matches). */
  next(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A fresh self-signed localhost certificate (smtp-server's bundled one has expired), made with openssl. */
function localhostCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'smtp-sink-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real SMTP server on loopback that keeps what arrives (NOTES.md 9: no mock of the mailer). `mode` picks how it
 * talks: plain (no STARTTLS offered), starttls (offered, with smtp-server's localhost certificate) or ssl.
 */
export async function startSmtpSink(mode: 'plain' | 'starttls' | 'ssl' = 'plain'): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const logins = new Map<string, { user: string; password: string }>();
  const loginAttempts: ReceivedLogin[] = [];
  const tls = mode === 'plain' ? { key: '', cert: '' } : localhostCertificate();
  const server = new SMTPServer({
    secure: mode === 'ssl',
    ...(mode === 'plain' ? {} : { key: tls.key, cert: tls.cert }),
    disabledCommands: mode === 'plain' ? ['STARTTLS'] : [],
    authOptional: true,
    // A plain session may log in too: the host decides what it allows, the sink accepts everything.
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, session, callback) {
      logins.set(session.id, { user: auth.username ?? '', password: auth.password ?? '' });
      loginAttempts.push({ user: auth.username ?? '', password: auth.password ?? '', secure: session.secure });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const login = logins.get(session.id);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: login?.user,
          password: login?.password,
          secure: session.secure,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: bodyText(raw),
          raw,
        };
        mails.push(mail);
        for (const waiter of waiters.filter((w) => w.match(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  // A client that gives up mid-handshake (the untrusted-certificate test) is an 'error' of the server: expected here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    logins: loginAttempts,
    cert: String(tls.cert),
    next(match = () => true, timeoutMs = 10_000) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived at the SMTP sink')), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
