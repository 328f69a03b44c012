import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { supportTickets } from '#src/db/schema/support.ts';

/** How many of the customer's support tickets are not resolved yet (open or waiting on them). */
export async function openTicketCount(db: Database, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.customerId, customerId), ne(supportTickets.status, 'resolved')));
  return row?.n ?? 0;
}
