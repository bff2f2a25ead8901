import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** The stored SMTP settings a mail goes out with (global or per company). */
export interface SmtpSettings {
  server: string;
  port: number;
  account: string;
  password: string;
  /** STARTTLS is required: the mail is never sent in clear. */
  tls: boolean;
  /** TLS from the first byte (SMTPS, usually port 465). */
  ssl: boolean;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailerOptions {
  /** Extra trusted certificate authorities (PEM), for an SMTP host with a private CA (and the tests' loopback host). */
  ca?: string | Buffer;
  /** Seconds before an unanswered host is given up; the console waits for the answer. */
  timeoutSeconds?: number;
  /** SMTP_ALLOW_PLAIN_AUTH: a password may cross a connection without TLS. */
  allowPlainAuth?: boolean;
}

/** The sender: the account when it is an address, else a name on the SMTP host (some hosts need a From). */
const fromOf = (s: SmtpSettings) => (s.account.includes('@') ? s.account : `shelfpad@${s.server}`);

/**
 * How the settings' two flags map onto the connection: ssl = implicit TLS; tls = STARTTLS required; neither =
 * plain SMTP, and STARTTLS is not even tried — an administrator who ticked neither asked for a plain connection,
 * and an opportunistic upgrade would fail on a host whose certificate the server cannot check. Except when a
 * password goes along: a login in clear hands it to anyone on the path, so STARTTLS is required then too, unless
 * the operator allowed plain logins (a relay on a trusted network).
 */
export function transportOptions(s: SmtpSettings, opts: MailerOptions = {}): SMTPTransport.Options {
  const timeout = (opts.timeoutSeconds ?? 10) * 1000;
  const auth = s.account && s.password ? { user: s.account, pass: s.password } : undefined;
  const startTls = !s.ssl && (s.tls || (!!auth && !opts.allowPlainAuth));
  return {
    host: s.server,
    port: s.port,
    secure: s.ssl,
    requireTLS: startTls,
    ignoreTLS: !s.ssl && !startTls,
    auth,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(opts.ca ? { tls: { ca: opts.ca } } : {}),
  };
}

/** Send one mail over SMTP (NOTES.md 9); throws the transport's error, which names what went wrong. */
export async function sendMail(settings: SmtpSettings, message: MailMessage, opts: MailerOptions = {}): Promise<void> {
  // Loaded on the first mail, not at start (issue 34 §4): nodemailer alone is ~19 MB resident, and an idle API process
  // sends none. A dynamic import stays one in the compiled bundle.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(transportOptions(settings, opts));
  try {
    await transport.sendMail({ from: fromOf(settings), to: message.to, subject: message.subject, text: message.text });
  } finally {
    transport.close();
  }
}
