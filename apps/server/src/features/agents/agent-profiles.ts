import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { agentProfiles } from '#src/db/schema/agents.ts';
import { accountBalances, agentCashCode } from '#src/features/wallet/ledger.service.ts';

export type AgentProfileRow = typeof agentProfiles.$inferSelect;

/**
 * The agent's profile row, made with the defaults if it is missing (an agent approved after the
 * migration), locked for the caller's transaction: an agent's cash collections and handovers
 * queue up behind it, so two at once cannot both pass the cash limit. It is always the first
 * row such a transaction locks, before the loan or order and the ledger's accounts.
 */
export async function lockAgentProfile(tx: Tx, agentId: string): Promise<AgentProfileRow> {
  await tx.insert(agentProfiles).values({ agentId }).onConflictDoNothing();
  const [row] = await tx.select().from(agentProfiles).where(eq(agentProfiles.agentId, agentId)).for('update');
  return row!;
}

const DEFAULT_PROFILE = { districts: [] as string[], cashLimit: 500_000 };

/** Each agent's profile as it is (the defaults when none is stored yet), in one query. */
export async function agentProfilesOf(
  db: Database | Tx,
  agentIds: string[],
): Promise<Map<string, Pick<AgentProfileRow, 'districts' | 'cashLimit'>>> {
  const rows = agentIds.length
    ? await db.select().from(agentProfiles).where(inArray(agentProfiles.agentId, agentIds))
    : [];
  const found = new Map(rows.map((r) => [r.agentId, r]));
  return new Map(agentIds.map((id) => [id, found.get(id) ?? DEFAULT_PROFILE]));
}

/** Cash each agent holds: collected and not handed over (minus their cash account's balance). */
export async function cashOnHand(db: Database | Tx, agentIds: string[]): Promise<Map<string, number>> {
  const balances = await accountBalances(db, agentIds.map(agentCashCode));
  return new Map(agentIds.map((id) => [id, -(balances.get(agentCashCode(id)) ?? 0) || 0]));
}
