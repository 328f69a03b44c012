import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { agentCustomers } from '#src/db/schema/agents.ts';
import { AppError } from '#src/platform/errors.ts';
import { hasRole } from '#src/features/auth/roles.service.ts';

/** Only approved agents act for customers (403 otherwise). */
export async function requireAgent(db: Database, userId: string): Promise<void> {
  if (!(await hasRole(db, userId, 'agent'))) {
    throw new AppError('forbidden', 'This is for approved agents only.', 403);
  }
}

/** Whether the agent may act for the customer now (an approved agent, with unexpired consent). */
export async function agentMayAct(db: Database, agentId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ customerId: agentCustomers.customerId })
    .from(agentCustomers)
    .where(
      and(
        eq(agentCustomers.agentId, agentId),
        eq(agentCustomers.customerId, customerId),
        gt(agentCustomers.consentExpiresAt, new Date()),
      ),
    );
  return Boolean(row) && (await hasRole(db, agentId, 'agent'));
}

/** An approved agent with the customer's unexpired consent, or 403. */
export async function requireConsent(db: Database, agentId: string, customerId: string): Promise<void> {
  await requireAgent(db, agentId);
  if (!(await agentMayAct(db, agentId, customerId))) {
    throw new AppError(
      'consent_required',
      'The customer has not agreed to let you act for them, or their consent has expired. Send them a consent code.',
      403,
    );
  }
}

/** The agent whose consent from the customer is the latest still unexpired, if any (credit records them). */
export async function consentingAgentId(db: Database | Tx, customerId: string): Promise<string | null> {
  const [agent] = await db
    .select({ agentId: agentCustomers.agentId })
    .from(agentCustomers)
    .where(and(eq(agentCustomers.customerId, customerId), gt(agentCustomers.consentExpiresAt, new Date())))
    .orderBy(desc(agentCustomers.consentedAt))
    .limit(1);
  return agent?.agentId ?? null;
}

/**
 * The agent who serves a customer, to be told how the customer's orders and identity check go:
 * the one the customer last agreed may act for them. That consent lasting 24 hours limits when
 * the agent may act, not the relationship; another agent's consent takes it over.
 */
export async function customerAgentId(db: Database | Tx, customerId: string): Promise<string | null> {
  const [latest] = await db
    .select({ id: agentCustomers.agentId })
    .from(agentCustomers)
    .where(eq(agentCustomers.customerId, customerId))
    .orderBy(desc(agentCustomers.consentedAt))
    .limit(1);
  return latest && (await hasRole(db, latest.id, 'agent')) ? latest.id : null;
}

/** Every customer who consented to the agent, most recent consent first (at most 200). */
export async function consentsGiven(db: Database, agentId: string) {
  return db
    .select({
      customerId: agentCustomers.customerId,
      consentedAt: agentCustomers.consentedAt,
      consentExpiresAt: agentCustomers.consentExpiresAt,
    })
    .from(agentCustomers)
    .where(eq(agentCustomers.agentId, agentId))
    .orderBy(desc(agentCustomers.consentedAt))
    .limit(200);
}

/** customerAgentId for many customers at once: each served customer's agent, by customer id. */
export async function customerAgentIds(db: Database | Tx, customerIds: string[]): Promise<Map<string, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([agentCustomers.customerId], {
      customerId: agentCustomers.customerId,
      agentId: agentCustomers.agentId,
    })
    .from(agentCustomers)
    .where(inArray(agentCustomers.customerId, customerIds))
    .orderBy(agentCustomers.customerId, desc(agentCustomers.consentedAt));
  const agents = new Set<string>();
  for (const agentId of new Set(rows.map((r) => r.agentId)))
    if (await hasRole(db, agentId, 'agent')) agents.add(agentId);
  return new Map(rows.filter((r) => agents.has(r.agentId)).map((r) => [r.customerId, r.agentId]));
}

/** Customers whose agent (the one they last agreed may act for them) is one of these, for an SMS campaign's segment. */
export async function customerIdsOfAgents(db: Database | Tx, agentIds: string[]): Promise<string[]> {
  if (agentIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([agentCustomers.customerId], {
      customerId: agentCustomers.customerId,
      agentId: agentCustomers.agentId,
    })
    .from(agentCustomers)
    .where(
      inArray(
        agentCustomers.customerId,
        db
          .select({ id: agentCustomers.customerId })
          .from(agentCustomers)
          .where(inArray(agentCustomers.agentId, agentIds)),
      ),
    )
    .orderBy(agentCustomers.customerId, desc(agentCustomers.consentedAt));
  const wanted = new Set(agentIds);
  return rows.filter((r) => wanted.has(r.agentId)).map((r) => r.customerId);
}
export { commissionByAgent, targetsOver } from './agent-report.ts';
