import { REOPEN_DAYS } from '@ecogrid/core/support';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '#src/db/client.ts';
import { supportTicketMessages, supportTickets } from '#src/db/schema/support.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { hasRole } from '#src/features/auth/roles.service.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { ticketFor, type TicketRow, type Viewer } from './ticket-access.ts';
import { tellCustomer, tellStaff } from './ticket-notices.ts';
import { ticketView } from './ticket-views.ts';

export type SupportDeps = NotifierDeps & { db: Database };

const resolvedRefusal = () =>
  new AppError('ticket_resolved', 'This ticket is resolved. Reopen it to write again, or open a new one.', 409);

/** Adds a message and moves the ticket on, in the caller's transaction. */
export async function addMessage(
  tx: Tx,
  ticket: TicketRow,
  author: Viewer,
  message: { kind: 'reply' | 'info_request' | 'note' | 'resolution'; body: string },
  changes: PgUpdateSetSource<typeof supportTickets> = {},
) {
  await tx
    .insert(supportTicketMessages)
    .values({ ticketId: ticket.id, authorId: author.id, role: author.role, ...message });
  const answers = author.role === 'staff' && message.kind !== 'note';
  const [updated] = await tx
    .update(supportTickets)
    .set({
      ...changes,
      // The first answer staff give the customer is the queue's first response.
      ...(answers && !ticket.firstResponseAt ? { firstResponseAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(supportTickets.id, ticket.id))
    .returning();
  return updated!;
}

/**
 * The customer (or their agent) writes on their ticket; an answer to a request for information
 * puts it back in the queue, and its assignee (or every admin) is told.
 */
export async function replyToTicket(deps: SupportDeps, viewer: Viewer, id: string, body: string) {
  const row = await deps.db.transaction(async (tx) => {
    const ticket = await ticketFor(tx, viewer, id, true);
    if (ticket.status === 'resolved') throw resolvedRefusal();
    const updated = await addMessage(tx, ticket, viewer, { kind: 'reply', body }, { status: 'open' });
    await tellStaff(tx, deps, updated, 'customerWrote');
    return updated;
  });
  return ticketView(deps.db, viewer, row);
}

/** The customer reopens a resolved ticket, within 14 days of its resolution (422 after). */
export async function reopenTicket(deps: SupportDeps, viewer: Viewer, id: string, body: string) {
  const row = await deps.db.transaction(async (tx) => {
    const ticket = await ticketFor(tx, viewer, id, true);
    if (ticket.status !== 'resolved') {
      throw new AppError('ticket_not_resolved', 'This ticket is still open: write on it instead.', 409);
    }
    if (ticket.reopenUntil! < new Date()) {
      throw new AppError(
        'reopen_window_closed',
        `A ticket can be reopened for ${REOPEN_DAYS} days after it is resolved, and that time has passed. Open a new ticket.`,
        422,
      );
    }
    const reopened = await addMessage(
      tx,
      ticket,
      viewer,
      { kind: 'reply', body },
      {
        status: 'open',
        resolvedAt: null,
        reopenUntil: null,
        outcome: null,
        reopenCount: sql`${supportTickets.reopenCount} + 1`,
      },
    );
    await tellStaff(tx, deps, reopened, 'reopened');
    return reopened;
  });
  return ticketView(deps.db, viewer, row);
}

/**
 * Staff write on a ticket (audited): a reply, a request for information (the ticket waits on
 * the customer, who is texted) or a note for staff only. The customer is told of anything but a note.
 */
export async function staffMessage(
  deps: SupportDeps,
  staff: Viewer,
  id: string,
  input: { kind: 'reply' | 'info_request' | 'note'; body: string },
) {
  const row = await deps.db.transaction(async (tx) => {
    const ticket = await ticketFor(tx, staff, id, true);
    if (ticket.status === 'resolved' && input.kind !== 'note') throw resolvedRefusal();
    const status = input.kind === 'info_request' ? ('waiting_on_customer' as const) : ticket.status;
    const updated = await addMessage(tx, ticket, staff, input, { status });
    await recordAudit(tx, {
      actorId: staff.id,
      action: `support.${input.kind}`,
      entityType: 'support_ticket',
      entityId: ticket.id,
      details: { number: ticket.number },
    });
    if (input.kind !== 'note') await tellCustomer(tx, deps, ticket, input.kind === 'reply' ? 'reply' : 'infoRequest');
    return updated;
  });
  return ticketView(deps.db, staff, row);
}

/** Staff give a ticket to an admin (themself or another), or leave it unassigned (audited). */
export async function assignTicket(deps: SupportDeps, staff: Viewer, id: string, assigneeId: string | null) {
  if (assigneeId && !(await hasRole(deps.db, assigneeId, 'admin'))) {
    throw new AppError('assignee_not_staff', 'Tickets go to support staff: choose an active admin.', 422);
  }
  const row = await deps.db.transaction(async (tx) => {
    const ticket = await ticketFor(tx, staff, id, true);
    const [updated] = await tx
      .update(supportTickets)
      .set({ assigneeId, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticket.id))
      .returning();
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'support.assign',
      entityType: 'support_ticket',
      entityId: ticket.id,
      details: { number: ticket.number, from: ticket.assigneeId, to: assigneeId },
    });
    return updated!;
  });
  return ticketView(deps.db, staff, row);
}
