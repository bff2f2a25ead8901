import type { Db } from '../db/client';
import { sendMail, type MailerOptions, type SmtpSettings } from '../lib/mailer';
import { fillTemplate, type NotificationVariables } from '../lib/notification-template';
import { notificationContent, notificationRecipients } from '../repos/notifications';
import { smtpConfigOf, storedSmtpPassword, type SmtpRow } from '../repos/smtp';

/** The stored settings when SMTP is on; the password is opened here, just before it goes to the stored host. */
const usable = (row: SmtpRow | undefined): SmtpSettings | undefined =>
  row?.enable && row.server && row.port
    ? { server: row.server, port: row.port, account: row.account ?? '', password: storedSmtpPassword(row), tls: row.tls, ssl: row.ssl }
    : undefined;

export type NotificationOutcome = { sent: true; to: string[] } | { sent: false; reason: string };

/**
 * The one mail of a notification occurrence: the key's subject and body with the variables filled, over the
 * company's SMTP settings when enabled, else the system's, to the company's administrators (one message, all
 * of them as recipients). Never throws: the caller records a failure as an alarm. `opts.allowPlainAuth` is the
 * server's SMTP_ALLOW_PLAIN_AUTH (without it a password only goes over TLS).
 */
export async function sendNotificationMail(
  db: Db,
  occurrence: { key: string; companyCode: string | null; vars: NotificationVariables },
  opts: MailerOptions = {},
): Promise<NotificationOutcome> {
  try {
    const content = await notificationContent(db, occurrence.key);
    if (!content) return { sent: false, reason: `no content for ${occurrence.key}` };
    const smtp =
      (occurrence.companyCode ? usable(await smtpConfigOf(db, occurrence.companyCode)) : undefined) ?? usable(await smtpConfigOf(db, null));
    if (!smtp) return { sent: false, reason: 'SMTP is not enabled' };
    const to = await notificationRecipients(db, occurrence.companyCode);
    if (!to.length) return { sent: false, reason: 'nobody to notify' };
    await sendMail(
      smtp,
      { to: to.join(', '), subject: fillTemplate(content.subject, occurrence.vars), text: fillTemplate(content.body, occurrence.vars) },
      opts,
    );
    return { sent: true, to };
  } catch (error) {
    return { sent: false, reason: (error as Error).message };
  }
}
