import { eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { supportTickets } from '#src/db/schema/support.ts';
import { notFound } from '#src/platform/errors.ts';
import { customerAgentId } from '#src/features/agents/agents.service.ts';

export type TicketRow = typeof supportTickets.$inferSelect;

/** Who is reading or writing: the customer, the agent who serves them, or staff (admins today). */
export type Viewer = { id: string; role: 'customer' | 'agent' | 'staff' };

const ticketNotFound = () => notFound('No ticket of yours has this id.');

/**
 * Whether the viewer may see the ticket: a customer their own, an agent those of the customers
 * they serve (the agent the customer last consented to), staff every one.
 */
export async function maySee(db: Database | Tx, viewer: Viewer, ticket: TicketRow): Promise<boolean> {
  if (viewer.role === 'staff') return true;
  if (viewer.role === 'customer') return ticket.customerId === viewer.id;
  return (await customerAgentId(db, ticket.customerId)) === viewer.id;
}

/** A ticket the viewer may see (404 otherwise: another's ticket is not found either), locked when asked. */
export async function ticketFor(db: Database | Tx, viewer: Viewer, id: string, lock = false): Promise<TicketRow> {
  const query = db.select().from(supportTickets).where(eq(supportTickets.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !(await maySee(db, viewer, row))) throw ticketNotFound();
  return row;
}
