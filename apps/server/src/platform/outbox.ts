import type { Database } from '#src/db/client.ts';
import { outboxMessages } from '#src/db/schema/messaging.ts';

type OutboxEntry = typeof outboxMessages.$inferInsert;

/** Records one message in the outbox: whole when kept for admins, as an envelope once a provider took it. */
export async function recordOutboxMessage(db: Database, entry: OutboxEntry): Promise<void> {
  await db.insert(outboxMessages).values(entry);
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
