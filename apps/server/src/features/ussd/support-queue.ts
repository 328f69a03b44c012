import { and, desc, eq } from 'drizzle-orm';
import { customerAgentIds } from '#src/features/agents/agents.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import type { Database, Tx } from '#src/db/client.ts';
import { supportRequests } from '#src/db/schema/ussd.ts';
import { AppError, notFound } from '#src/platform/errors.ts';

export const SUPPORT_STATUSES = ['open', 'handled'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
const LIST_LIMIT = 100;

type SupportRow = typeof supportRequests.$inferSelect;

/** Requests as an admin reads them: who asked, their agent, and who called back, by name. */
async function described(db: Database | Tx, rows: SupportRow[]) {
  const agents = await customerAgentIds(
    db,
    rows.map((r) => r.customerId),
  );
  const people = await userSummaries(db, [
    ...rows.flatMap((r) => [r.customerId, ...(r.handledBy ? [r.handledBy] : [])]),
    ...agents.values(),
  ]);
  const person = (id: string | null | undefined) => (id ? { id, name: people.get(id)?.name ?? null } : null);
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customerId,
    customerName: people.get(r.customerId)?.name ?? null,
    customerPhone: people.get(r.customerId)?.phone ?? null,
    agent: person(agents.get(r.customerId)),
    channel: r.channel,
    topic: r.topic,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    handledBy: person(r.handledBy),
    handledAt: r.handledAt?.toISOString() ?? null,
    handledNote: r.handledNote,
  }));
}

/**
 * Call-back requests with the given status (open ones by default), with who asked: open ones
 * newest first, handled ones most recently handled first; at most 100.
 */
export async function listSupportRequests(db: Database, status: SupportStatus) {
  const rows = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.status, status))
    .orderBy(status === 'open' ? desc(supportRequests.createdAt) : desc(supportRequests.handledAt))
    .limit(LIST_LIMIT);
  return described(db, rows);
}

/**
 * An admin has called the customer back: the request is handled, by them, now, with their
 * note, audited. Asking again is answered with the request as it stands (a retried click
 * changes nothing); a request another admin has handled is refused, so neither overwrites the
 * other's note.
 */
export async function markSupportHandled(
  db: Database,
  input: { adminId: string; requestId: string; note?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(supportRequests).where(eq(supportRequests.id, input.requestId)).for('update');
    if (!row) throw notFound('No call-back request has this id.');
    if (row.status === 'handled') {
      if (row.handledBy !== input.adminId) {
        throw new AppError('support_handled', 'Another admin has already handled this request.', 409);
      }
      return (await described(tx, [row]))[0]!;
    }
    const [updated] = await tx
      .update(supportRequests)
      .set({ status: 'handled', handledBy: input.adminId, handledAt: new Date(), handledNote: input.note ?? null })
      .where(and(eq(supportRequests.id, row.id), eq(supportRequests.status, 'open')))
      .returning();
    await recordAudit(tx, {
      actorId: input.adminId,
      action: 'support_request.handled',
      entityType: 'support_request',
      entityId: row.id,
      details: { customerId: row.customerId, topic: row.topic, note: input.note ?? null },
    });
    return (await described(tx, [updated!]))[0]!;
  });
}
