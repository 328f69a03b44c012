import { and, eq, notInArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { outboxMessages, type OutboxMessage } from '#src/db/schema/messaging.ts';
import type { Jobs, RetryPolicy } from './jobs.ts';
import type { Logger } from './logger.ts';
import type { Email, Mailer } from './mail.ts';
import { errorText } from './outbox.ts';
import type { Sms, SmsSender } from './sms.ts';

export const EMAIL_QUEUE = 'deliver-email';
export const SMS_QUEUE = 'deliver-sms';

/**
 * Eight retries, the first after 10-20 s and each later one about twice as long (jittered):
 * a sign-in code still arrives in time after a brief provider hiccup or a restart, and a
 * provider outage of up to about an hour delays messages instead of losing them. Longer ones
 * end in the dead-letter queue, where an admin can send them again.
 */
/** The delivery priority of a message that expires (a sign-in code, a link); others have 0. */
export const URGENT_PRIORITY = 10;

export const DELIVERY_RETRY: RetryPolicy = { limit: 8, delaySeconds: 10, maxDelaySeconds: 60 * 60 };

/** Queues email and SMS; the delivery jobs send them. */
export type Messages = {
  /** Given a transaction, the message goes out only if it commits. */
  email(db: Database | Tx, email: Email & Expiry & Tag): Promise<string>;
  /** `startAfterSeconds` holds it back (a retry spaced from the failure it repeats). */
  sms(db: Database | Tx, sms: Sms & Expiry & Tag & { startAfterSeconds?: number }): Promise<string>;
  /** Queues many messages at once (a daily run's reminders): one insert and one job insert per channel. */
  many(db: Database | Tx, messages: Outgoing[]): Promise<void>;
  /**
   * Test mode: no SMS provider, outside production. Codes that would be texted are also
   * answered to the screen that asks for them, so people can try the app without a phone
   * network. Never true in production.
   */
  codesOnScreen: boolean;
};

/** One message of a batch. */
export type Outgoing = ({ channel: 'email' } & Email & Expiry & Tag) | ({ channel: 'sms' } & Sms & Expiry & Tag);

type Delivery = { messageId: string };
/** What a message carries; a code or link (one with `expiresAt`) is 'code' unless told otherwise. */
export type MessagePurpose = 'code' | 'token' | 'receipt' | 'reminder' | 'other';
export type Tag = {
  purpose?: MessagePurpose;
  /** What to write it again from (for a token: which token). */
  reference?: string;
  /** The first message of those this one sends again, and how many automatic retries came before. */
  retryOf?: string;
  retryNumber?: number;
};
/** Codes and links stop working at `expiresAt`; a message not sent by then is dropped, not sent late. */
export type Expiry = { expiresAt?: Date };

/**
 * Every message is written to the outbox as 'queued' together with the job that delivers it.
 * The job is at least once: a process killed after the provider took a message but before the
 * outbox said so sends it again, which beats losing it.
 */
export async function startMessaging(deps: {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  sms: SmsSender;
  logger: Logger;
  retry?: RetryPolicy;
  /** Only production turns test mode off whatever the provider. */
  production: boolean;
}): Promise<Messages> {
  const { db, jobs, mailer, sms, logger } = deps;
  const retry = deps.retry ?? DELIVERY_RETRY;

  const deliver =
    (
      provider: string | null,
      send: (row: OutboxMessage, signal: AbortSignal) => Promise<{ messageId: string | null } | void>,
    ) =>
    async ({ messageId }: Delivery, job: { retryCount: number; retryLimit: number; signal: AbortSignal }) => {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
      // Already handed over by an attempt whose completion was not recorded.
      if (!row || row.status === 'sent' || row.status === 'stored') return;
      // Claim this attempt: another attempt of the same job (one that outlived its time limit)
      // that claimed it first wins, and every later write is guarded by the attempt number.
      const attempts = row.attempts + 1;
      const mine = and(eq(outboxMessages.id, messageId), eq(outboxMessages.attempts, attempts));
      const [claimed] = await db
        .update(outboxMessages)
        .set({ attempts, updatedAt: new Date() })
        .where(
          and(
            eq(outboxMessages.id, messageId),
            eq(outboxMessages.attempts, row.attempts),
            notInArray(outboxMessages.status, ['sent', 'stored']),
          ),
        )
        .returning({ id: outboxMessages.id });
      if (!claimed) return;
      if ((row.expiresAt && row.expiresAt.getTime() <= Date.now()) || row.body === null) {
        // A code or link that could not go out in time is useless: give up on it, and drop its text.
        await db
          .update(outboxMessages)
          .set({ status: 'failed', error: 'Expired before it could be sent.', body: null, updatedAt: new Date() })
          .where(mine);
        return;
      }
      if (!provider) {
        await db
          .update(outboxMessages)
          .set({ status: 'stored', provider: 'outbox', error: null, updatedAt: new Date() })
          .where(mine);
        return;
      }
      let taken: { messageId: string | null } | void;
      try {
        taken = await send(row, job.signal);
      } catch (error) {
        const last = job.retryCount >= job.retryLimit;
        await db
          .update(outboxMessages)
          .set({
            status: last ? 'failed' : 'queued',
            provider,
            error: errorText(error),
            // A code or link that failed for good is not kept for anyone to read.
            ...(last && row.expiresAt ? { body: null } : {}),
            updatedAt: new Date(),
          })
          .where(mine);
        logger.warn({ messageId, channel: row.channel, attempts, last, err: error }, 'message delivery failed');
        throw error;
      }
      // Sent: keep the envelope only, so codes and links do not linger.
      await db
        .update(outboxMessages)
        .set({
          status: 'sent',
          provider,
          error: null,
          body: null,
          // The network's delivery report, matched by the provider's id, says what became of it.
          ...(taken?.messageId ? { providerMessageId: taken.messageId, delivery: 'pending' as const } : {}),
          updatedAt: new Date(),
        })
        .where(eq(outboxMessages.id, messageId));
    };

  await jobs.work<Delivery>(
    EMAIL_QUEUE,
    retry,
    deliver(mailer.provider, (row) =>
      mailer.deliver({ to: row.recipient, subject: row.subject ?? '', text: row.body ?? '' }),
    ),
  );
  await jobs.work<Delivery>(
    SMS_QUEUE,
    retry,
    deliver(sms.provider, (row, signal) => sms.deliver({ to: row.recipient, message: row.body ?? '' }, signal)),
  );

  const entryOf = (message: Outgoing): typeof outboxMessages.$inferInsert => ({
    ...(message.channel === 'email'
      ? { channel: 'email', recipient: message.to, subject: message.subject, body: message.text }
      : { channel: 'sms', recipient: message.to, body: message.message }),
    status: 'queued',
    expiresAt: message.expiresAt,
    purpose: message.purpose ?? (message.expiresAt ? 'code' : 'other'),
    reference: message.reference,
    retryOf: message.retryOf,
    retryNumber: message.retryNumber ?? 0,
  });
  /** The outbox rows and their delivery jobs, in one transaction (the caller's, if given one). */
  const queue = (db: Database | Tx, queueName: string, messages: Outgoing[], startAfterSeconds?: number) =>
    db.transaction(async (tx) => {
      const rows = await tx
        .insert(outboxMessages)
        .values(messages.map(entryOf))
        .returning({ id: outboxMessages.id, expiresAt: outboxMessages.expiresAt });
      if (startAfterSeconds) {
        for (const row of rows) await jobs.send<Delivery>(tx, queueName, { messageId: row.id }, { startAfterSeconds });
        return rows.map((row) => row.id);
      }
      // Codes and links expire and someone is waiting for them: they go before any reminders queued earlier.
      const urgent = new Set(rows.filter((row) => row.expiresAt).map((row) => row.id));
      await jobs.sendMany<Delivery>(
        tx,
        queueName,
        rows.map((row) => ({ messageId: row.id })),
        { priority: (job) => (urgent.has(job.messageId) ? URGENT_PRIORITY : 0) },
      );
      return rows.map((row) => row.id);
    });

  return {
    codesOnScreen: !deps.production && sms.provider === null,
    email: async (db, email) => (await queue(db, EMAIL_QUEUE, [{ channel: 'email', ...email }]))[0]!,
    sms: async (db, { startAfterSeconds, ...message }) =>
      (await queue(db, SMS_QUEUE, [{ channel: 'sms', ...message }], startAfterSeconds))[0]!,
    async many(db, messages) {
      const emails = messages.filter((m) => m.channel === 'email');
      const texts = messages.filter((m) => m.channel === 'sms');
      if (emails.length > 0) await queue(db, EMAIL_QUEUE, emails);
      if (texts.length > 0) await queue(db, SMS_QUEUE, texts);
    },
  };
}
