import type { VisitNote, VisitNoteRequest } from '@ecogrid/core/agent-field';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentVisitNotes } from '#src/db/schema/agents.ts';
import { notFound } from '#src/platform/errors.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { isCustomersLoan } from '#src/features/loans/arrears.service.ts';
import { requireServed } from './served-customers.ts';

type NoteRow = typeof agentVisitNotes.$inferSelect;

async function toNotes(db: Database, rows: NoteRow[]): Promise<VisitNote[]> {
  const people = await userSummaries(db, [...new Set(rows.map((r) => r.agentId))]);
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customerId,
    loanId: r.loanId,
    note: r.note,
    promiseDate: r.promiseDate,
    promiseAmount: r.promiseAmount,
    agentName: people.get(r.agentId)?.name ?? '',
    recordedAt: r.recordedAt.toISOString(),
  }));
}

/**
 * An agent's note of a visit or call, with a promise to pay if one was made. Written on the phone,
 * offline too: the same clientKey again answers the first note, however often it is sent.
 */
export async function recordVisitNote(
  db: Database,
  agentId: string,
  input: VisitNoteRequest,
): Promise<{ note: VisitNote; created: boolean }> {
  const byKey = and(eq(agentVisitNotes.agentId, agentId), eq(agentVisitNotes.clientKey, input.clientKey));
  const [earlier] = await db.select().from(agentVisitNotes).where(byKey);
  if (earlier) return { note: (await toNotes(db, [earlier]))[0]!, created: false };
  await requireServed(db, agentId, input.customerId);
  if (input.loanId && !(await isCustomersLoan(db, input.loanId, input.customerId))) {
    throw notFound('This customer has no such loan.');
  }
  const [saved] = await db
    .insert(agentVisitNotes)
    .values({
      agentId,
      customerId: input.customerId,
      loanId: input.loanId ?? null,
      clientKey: input.clientKey,
      note: input.note,
      promiseDate: input.promiseDate ?? null,
      promiseAmount: input.promiseAmount ?? null,
      recordedAt: new Date(input.recordedAt),
    })
    .onConflictDoNothing()
    .returning();
  // The same note sent twice at once: the first one in is the note.
  const row = saved ?? (await db.select().from(agentVisitNotes).where(byKey))[0]!;
  return { note: (await toNotes(db, [row]))[0]!, created: Boolean(saved) };
}

/** The notes of visits to a customer, by any agent, newest first (at most 100). */
export async function customerNotes(db: Database, customerId: string): Promise<VisitNote[]> {
  const rows = await db
    .select()
    .from(agentVisitNotes)
    .where(eq(agentVisitNotes.customerId, customerId))
    .orderBy(desc(agentVisitNotes.createdAt))
    .limit(100);
  return toNotes(db, rows);
}

/**
 * The latest note of each of these customers, about each loan and about none: one row per
 * (customer, loan) through the notes' customer index.
 */
export async function latestNotes(db: Database, customerIds: string[]): Promise<VisitNote[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([agentVisitNotes.customerId, agentVisitNotes.loanId])
    .from(agentVisitNotes)
    .where(inArray(agentVisitNotes.customerId, customerIds))
    .orderBy(agentVisitNotes.customerId, agentVisitNotes.loanId, desc(agentVisitNotes.createdAt));
  return toNotes(db, rows);
}
