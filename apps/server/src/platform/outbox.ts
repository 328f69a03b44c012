import type { OutboxDelivery, OutboxMessage } from '@ecogrid/core/outbox';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outboxMessages } from '#src/db/schema/messaging.ts';
import { after, toPage, type Page, type PageQuery } from './pagination.ts';

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type { OutboxMessage as OutboxRow } from '@ecogrid/core/outbox';

/**
 * The outbox for admins, newest first: what was kept, sent or failed, optionally one channel,
 * recipient or delivery status (the failed deliveries, say).
 */
export async function listOutboxMessages(
  db: Database,
  query: PageQuery & {
    channel?: 'email' | 'sms' | undefined;
    recipient?: string | undefined;
    delivery?: OutboxDelivery | undefined;
  },
): Promise<Page<OutboxMessage>> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        after(outboxMessages.createdAt, outboxMessages.id, query.cursor),
        query.channel ? eq(outboxMessages.channel, query.channel) : undefined,
        query.recipient ? eq(outboxMessages.recipient, query.recipient) : undefined,
        query.delivery ? eq(outboxMessages.delivery, query.delivery) : undefined,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, ({ providerMessageId: _id, reference, retryNumber: _n, ...r }) => ({
    ...r,
    resendable:
      r.status !== 'queued' &&
      r.purpose !== 'code' &&
      !r.expiresAt &&
      (r.body !== null || (r.purpose === 'token' && reference !== null)),
    // Only a message kept for lack of a provider is shown whole; one still in the delivery queue
    // may carry a live code or link, and admins have no business reading it.
    body: r.status === 'stored' ? r.body : null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    reportedAt: r.reportedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** How many messages went to one recipient on one channel in the last `minutes`. */
export async function countRecentMessages(
  db: Database,
  query: { channel: 'email' | 'sms'; recipient: string; minutes: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, query.channel),
        eq(outboxMessages.recipient, query.recipient),
        gte(outboxMessages.createdAt, new Date(Date.now() - query.minutes * 60_000)),
      ),
    );
  return row?.n ?? 0;
}
