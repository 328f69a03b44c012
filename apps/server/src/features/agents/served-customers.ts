import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentCustomers } from '#src/db/schema/agents.ts';
import { notFound } from '#src/platform/errors.ts';
import { requireAgent } from './agents.service.ts';

/**
 * An approved agent and a customer they serve (registered, or who consented to them once; the
 * consent's 24 hours limit acting for the customer, not seeing their file), or 404 whether or
 * not the customer exists, so an agent cannot find out who has an account.
 */
export async function requireServed(db: Database, agentId: string, customerId: string) {
  await requireAgent(db, agentId);
  const [row] = await db
    .select()
    .from(agentCustomers)
    .where(and(eq(agentCustomers.agentId, agentId), eq(agentCustomers.customerId, customerId)));
  if (!row) throw notFound('You do not serve this customer.');
  return row;
}

/** Every customer each agent serves (consent given once, expired or not), in one query. */
export async function customersOf(db: Database, agentIds: string[]): Promise<Map<string, string[]>> {
  const rows = agentIds.length
    ? await db
        .select({ agentId: agentCustomers.agentId, customerId: agentCustomers.customerId })
        .from(agentCustomers)
        .where(inArray(agentCustomers.agentId, agentIds))
    : [];
  const served = new Map(agentIds.map((id) => [id, [] as string[]]));
  for (const row of rows) served.get(row.agentId)!.push(row.customerId);
  return served;
}
