import nodemailer from 'nodemailer';
import type { Database } from '#src/db/client.ts';
import { errorText, recordOutboxMessage } from './outbox.ts';

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
      const envelope = { channel: 'email' as const, recipient: email.to, subject: email.subject };
      if (!transport) {
        await recordOutboxMessage(db, { ...envelope, body: email.text, status: 'stored', provider: 'outbox' });
        return;
      }
      let failure: unknown = null;
      try {
        await transport.sendMail({ from: settings.MAIL_FROM, ...email });
      } catch (error) {
        failure = error;
      }
      await recordOutboxMessage(db, {
        ...envelope,
        status: failure ? 'failed' : 'sent',
        provider: 'smtp',
        error: failure ? errorText(failure) : null,
      });
      if (failure) throw failure;
    },
  };
}
