import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Database, Tx } from '#src/db/client.ts';
import { outboxMessages, type OutboxMessage } from '#src/db/schema/messaging.ts';
import type { MessagePurpose, Messages } from '#src/platform/messaging.ts';

/**
 * Africa's Talking's SMS delivery report, posted form-encoded to the sms-delivery callback
 * address. `failureReason` comes only with Rejected or Failed; some networks report
 * AbsentSubscriber or Expired as the status itself.
 */
export const AT_DELIVERY_STATUSES = [
  'Sent',
  'Submitted',
  'Buffered',
  'Rejected',
  'Success',
  'Failed',
  'AbsentSubscriber',
  'Expired',
] as const;
const word = (max: number) => z.string().trim().min(1).max(max);
export const deliveryReportSchema = z.object({
  id: word(200).describe("The messageId Africa's Talking answered when it took the message"),
  status: z.enum(AT_DELIVERY_STATUSES),
  phoneNumber: word(30).optional(),
  networkCode: word(10).optional(),
  failureReason: word(60)
    .regex(/^[A-Za-z]+$/, { error: 'failureReason is one word, such as DeliveryFailure.' })
    .optional(),
  retryCount: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;

/** Failures that another try can get past: the phone was off, out of reach, or the network gave no reason. */
const PASSING_FAILURES = new Set(['DeliveryFailure', 'AbsentSubscriber', 'Expired']);

/** Automatic retries of a token SMS that did not arrive, and how long after the failure each goes. */
export const TOKEN_RETRY_DELAYS_SECONDS = [10 * 60, 60 * 60];

export type DeliveryOutcome = 'unknown_message' | 'recorded' | 'retry_queued';

function deliveryOf(report: DeliveryReport): { delivery: 'pending' | 'delivered' | 'failed'; reason: string | null } {
  if (report.status === 'Success') return { delivery: 'delivered', reason: null };
  if (['Sent', 'Submitted', 'Buffered'].includes(report.status)) return { delivery: 'pending', reason: null };
  return { delivery: 'failed', reason: report.failureReason ?? report.status };
}

/** Whether a failure may pass on another try; a number that cannot receive never will. */
export const mayPassLater = (reason: string | null) =>
  reason === null || reason === 'Failed' || PASSING_FAILURES.has(reason);

/** A report on an SMS another feature sent itself (a campaign's bulk send): the provider's id and what it says. */
export type ForeignDelivery = {
  providerMessageId: string;
  delivery: 'pending' | 'delivered' | 'failed';
  reason: string | null;
};
/** Whether the listener knew the message (and recorded the report). */
type DeliveryListener = (tx: Tx, report: ForeignDelivery) => Promise<boolean>;
const listeners = new Map<string, DeliveryListener>();

/**
 * How a feature that hands SMS to the provider itself hears of their delivery reports: a report
 * the outbox does not know is offered to each listener. Registered from the feature's rules,
 * by name; registering again replaces it.
 */
export function onSmsDeliveryReport(name: string, listener: DeliveryListener): void {
  listeners.set(name, listener);
}

type Rebuild = (db: Database | Tx, reference: string) => Promise<string | null>;
const rebuilders = new Map<MessagePurpose, Rebuild>();

/**
 * How a feature writes again a message whose text was dropped once sent (a device token, from
 * its token record). Registered from the feature's rules; registering again replaces it.
 */
export function onRebuildMessage(purpose: MessagePurpose, rebuild: Rebuild): void {
  rebuilders.set(purpose, rebuild);
}

/** The message's text: the kept body, or one written again from what it carried; null if neither. */
export async function textOf(db: Database | Tx, row: OutboxMessage): Promise<string | null> {
  if (row.body !== null) return row.body;
  const rebuild = rebuilders.get(row.purpose);
  return rebuild && row.reference ? rebuild(db, row.reference) : null;
}

/**
 * Records a delivery report on the SMS it is about. A report for a message we do not know
 * changes nothing. A token SMS that failed for a reason another try can pass is sent again,
 * spaced, at most TOKEN_RETRY_DELAYS_SECONDS.length times; the report repeated does not add a retry.
 */
export async function recordSmsDelivery(
  db: Database,
  messages: Messages,
  report: DeliveryReport,
): Promise<DeliveryOutcome> {
  const { delivery, reason } = deliveryOf(report);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.providerMessageId, report.id)))
      .for('update');
    if (!row) {
      for (const listener of listeners.values()) {
        if (await listener(tx, { providerMessageId: report.id, delivery, reason })) return 'recorded';
      }
      return 'unknown_message';
    }
    // A final report stands: a late 'Buffered' does not turn 'delivered' back into 'pending'.
    if (delivery === 'pending' && (row.delivery === 'delivered' || row.delivery === 'failed')) return 'recorded';
    const newlyFailed = delivery === 'failed' && row.delivery !== 'failed';
    await tx
      .update(outboxMessages)
      .set({ delivery, deliveryReason: reason, reportedAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(outboxMessages.id, row.id), or(isNull(outboxMessages.delivery), ne(outboxMessages.delivery, delivery))),
      );
    const delay = TOKEN_RETRY_DELAYS_SECONDS[row.retryNumber];
    if (!newlyFailed || row.purpose !== 'token' || delay === undefined || !mayPassLater(reason)) return 'recorded';
    const text = await textOf(tx, row);
    if (text === null) return 'recorded';
    await messages.sms(tx, {
      to: row.recipient,
      message: text,
      purpose: row.purpose,
      reference: row.reference ?? undefined,
      retryOf: row.retryOf ?? row.id,
      retryNumber: row.retryNumber + 1,
      startAfterSeconds: delay,
    });
    return 'retry_queued';
  });
}
