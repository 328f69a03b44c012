import type { OpenTicketInput, TicketCategory, TicketStatus } from '@ecogrid/core/support';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { supportTicketMessages, supportTickets } from '#src/db/schema/support.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { consentsGiven, customerAgentIds, requireConsent } from '#src/features/agents/agents.service.ts';
import { findLoan } from '#src/features/loans/loans.service.ts';
import { findOrder } from '#src/features/orders/orders.service.ts';
import { ticketFor, type Viewer } from './ticket-access.ts';
import type { SupportDeps } from './ticket-messages.ts';
import { tellStaff } from './ticket-notices.ts';
import { ticketSummaries, ticketView } from './ticket-views.ts';

/** At most this many tickets in one list, newest (or, in the queue, oldest) first. */
const LIST_LIMIT = 100;

/**
 * Opens a ticket for a customer, by themself or by the agent they consented to: the loan or order
 * it concerns must be the customer's (404 otherwise, as for any record of another's). The
 * description is the conversation's first message. Staff are told (tellStaff).
 */
export async function openTicket(
  deps: SupportDeps,
  opener: { id: string; role: 'customer' | 'agent' },
  customerId: string,
  input: OpenTicketInput,
) {
  const { db } = deps;
  if (opener.role === 'agent') await requireConsent(db, opener.id, customerId);
  if (input.loanId) await findLoan(db, input.loanId, customerId);
  if (input.orderId) await findOrder(db, input.orderId, customerId);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(supportTickets)
      .values({
        customerId,
        openedBy: opener.id,
        openedByRole: opener.role,
        category: input.category,
        subject: input.subject,
        description: input.description,
        loanId: input.loanId ?? null,
        orderId: input.orderId ?? null,
      })
      .returning();
    await tx.insert(supportTicketMessages).values({
      ticketId: created!.id,
      authorId: opener.id,
      role: opener.role,
      kind: 'reply',
      body: input.description,
    });
    await tellStaff(tx, deps, created!, 'opened');
    return created!;
  });
  return ticketView(db, opener, row);
}

/** The customers whose tickets an agent sees: those they serve now. */
async function servedCustomers(db: Database, agentId: string): Promise<string[]> {
  const ids = [...new Set((await consentsGiven(db, agentId)).map((c) => c.customerId))];
  const serving = await customerAgentIds(db, ids);
  return ids.filter((id) => serving.get(id) === agentId);
}

/** A customer's own tickets, or an agent's customers' tickets, newest first. */
export async function myTickets(db: Database, viewer: Viewer) {
  const customers = viewer.role === 'agent' ? await servedCustomers(db, viewer.id) : [viewer.id];
  if (customers.length === 0) return [];
  const rows = await db
    .select()
    .from(supportTickets)
    .where(inArray(supportTickets.customerId, customers))
    .orderBy(desc(supportTickets.createdAt))
    .limit(LIST_LIMIT);
  return ticketSummaries(db, rows);
}

export type QueueFilter = {
  status?: TicketStatus | undefined;
  category?: TicketCategory | undefined;
  /** An admin's id, or 'none' for tickets nobody has taken. */
  assignee?: string | undefined;
};

/** The staff queue: tickets matching the filters, oldest first (the longest waiting on top). */
export async function ticketQueue(db: Database, filter: QueueFilter) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(supportTickets.status, filter.status));
  if (filter.category) where.push(eq(supportTickets.category, filter.category));
  if (filter.assignee === 'none') where.push(isNull(supportTickets.assigneeId));
  else if (filter.assignee) where.push(eq(supportTickets.assigneeId, filter.assignee));
  const rows = await db
    .select()
    .from(supportTickets)
    .where(and(...where))
    .orderBy(asc(supportTickets.createdAt))
    .limit(LIST_LIMIT);
  return ticketSummaries(db, rows);
}

/** One ticket with its conversation, for whoever may see it. */
export async function readTicket(db: Database, viewer: Viewer, id: string) {
  return ticketView(db, viewer, await ticketFor(db, viewer, id));
}

/** The admins a ticket can be given to, by name. */
export async function supportStaff(db: Database) {
  const people = await userSummaries(db, await activeAdminIds(db));
  return [...people.values()]
    .map((p) => ({ id: p.id, name: p.name }))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}
