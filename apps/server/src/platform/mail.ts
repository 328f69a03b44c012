import nodemailer from 'nodemailer';

export type Email = { to: string; subject: string; text: string };
export type Mailer = {
  /** 'smtp' when SMTP_URL is set; null keeps mail in the outbox table for admins (and tests) to read. */
  provider: 'smtp' | null;
  /** Hands one message to the SMTP server; rejects when it is refused or cannot be reached. */
  deliver(email: Email): Promise<void>;
};

/** Email through SMTP (nodemailer) when SMTP_URL is set. */
export function createMailer(settings: { SMTP_URL?: string | undefined; MAIL_FROM: string }): Mailer {
  if (!settings.SMTP_URL) {
    return {
      provider: null,
      deliver: () => Promise.reject(new Error('No SMTP server is configured.')),
    };
  }
  // Short timeouts: a stuck server fails the attempt, and the delivery job retries it later.
  const transport = nodemailer.createTransport({
    url: settings.SMTP_URL,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    provider: 'smtp',
    async deliver(email) {
      await transport.sendMail({ from: settings.MAIL_FROM, ...email });
    },
  };
}
