import nodemailer from 'nodemailer';
import type { Database } from '#src/db/client.ts';
import { outboxMessages } from '#src/db/schema/messaging.ts';

export type Email = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(db: Database, email: Email): Promise<void> };

/**
 * Sends email through SMTP (nodemailer) when SMTP_URL is set; otherwise keeps it in the
 * outbox table, where admins (and the tests) can read it.
 */
export function createMailer(settings: { SMTP_URL?: string | undefined; MAIL_FROM: string }): Mailer {
  const transport = settings.SMTP_URL ? nodemailer.createTransport(settings.SMTP_URL) : null;
  return {
    async send(db, email) {
      if (!transport) {
        await db.insert(outboxMessages).values({
          channel: 'email',
          recipient: email.to,
          subject: email.subject,
          body: email.text,
          status: 'stored',
          provider: 'outbox',
        });
        return;
      }
      try {
        await transport.sendMail({ from: settings.MAIL_FROM, ...email });
        await db
          .insert(outboxMessages)
          .values({ channel: 'email', recipient: email.to, subject: email.subject, status: 'sent', provider: 'smtp' });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.insert(outboxMessages).values({
          channel: 'email',
          recipient: email.to,
          subject: email.subject,
          status: 'failed',
          provider: 'smtp',
          error: message,
        });
        throw error;
      }
    },
  };
}
