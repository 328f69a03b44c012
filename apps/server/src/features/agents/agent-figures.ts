import type { AgentDashboard, AgentFigures, AgentTarget } from '@ecogrid/core/agent-money';
import { kampalaDate } from '@ecogrid/core/credit';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentCommissions, agentTargets } from '#src/db/schema/agents.ts';
import { getProfile } from '#src/features/auth/profile.service.ts';
import { customersInArrears } from '#src/features/loans/loans.service.ts';
import { agentSalesSince } from '#src/features/orders/orders.service.ts';
import { cashCollectedSince } from '#src/features/payments/payments.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { agentProfilesOf, cashOnHand } from './agent-profiles.ts';
import { requireAgent } from './agents.service.ts';
import { customersOf } from './served-customers.ts';

/** Kampala is UTC+3 all year: the start of today and of this month there, and the month's first day. */
export function kampalaPeriods(now = new Date()) {
  const today = kampalaDate(now);
  const month = `${today.slice(0, 7)}-01`;
  return { today: new Date(`${today}T00:00:00+03:00`), month: new Date(`${month}T00:00:00+03:00`), monthDay: month };
}

/**
 * Commission each agent earned since a moment, less what was reversed since then: two grouped
 * sums, each read by its own index (one filter with `or` over both times read every commission
 * the agents ever earned).
 */
async function commissionSince(db: Database, agentIds: string[], since: Date): Promise<Map<string, number>> {
  const total = {
    agentId: agentCommissions.agentId,
    amount: sql<number>`coalesce(sum(${agentCommissions.amount}), 0)::bigint`.mapWith(Number),
  };
  const theirs = inArray(agentCommissions.agentId, agentIds);
  const [earned, reversed] = await Promise.all([
    db
      .select(total)
      .from(agentCommissions)
      .where(and(theirs, gte(agentCommissions.createdAt, since)))
      .groupBy(agentCommissions.agentId),
    db
      .select(total)
      .from(agentCommissions)
      .where(and(theirs, gte(agentCommissions.reversedAt, since)))
      .groupBy(agentCommissions.agentId),
  ]);
  const net = new Map(earned.map((r) => [r.agentId, r.amount]));
  for (const r of reversed) net.set(r.agentId, (net.get(r.agentId) ?? 0) - r.amount);
  return net;
}

/** Sales, cash collected and net commission of each agent since a moment, in three queries. */
export async function figuresSince(db: Database, agentIds: string[], since: Date): Promise<Map<string, AgentFigures>> {
  if (agentIds.length === 0) return new Map();
  const [sales, cash, commission] = await Promise.all([
    agentSalesSince(db, agentIds, since),
    cashCollectedSince(db, agentIds, since),
    commissionSince(db, agentIds, since),
  ]);
  return new Map(
    agentIds.map((id) => [
      id,
      {
        sales: sales.get(id)!.total,
        salesCount: sales.get(id)!.count,
        collections: cash.get(id)!.total,
        collectionsCount: cash.get(id)!.count,
        commission: commission.get(id) ?? 0,
      },
    ]),
  );
}

const toTarget = (r: typeof agentTargets.$inferSelect): AgentTarget => ({
  month: r.month,
  salesTarget: r.salesTarget,
  collectionsTarget: r.collectionsTarget,
});

/** An agent's targets, newest month first (the latest 24). */
export async function targetsOf(db: Database, agentId: string): Promise<AgentTarget[]> {
  const rows = await db
    .select()
    .from(agentTargets)
    .where(eq(agentTargets.agentId, agentId))
    .orderBy(sql`${agentTargets.month} desc`)
    .limit(24);
  return rows.map(toTarget);
}

/** Each agent's target for one month (its first day), by agent; missing when none is set. */
export async function monthTargets(db: Database, agentIds: string[], month: string): Promise<Map<string, AgentTarget>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(agentTargets)
    .where(and(inArray(agentTargets.agentId, agentIds), eq(agentTargets.month, month)));
  return new Map(rows.map((r) => [r.agentId, toTarget(r)]));
}

/** GET /api/agent/dashboard. */
export async function agentDashboard(db: Database, agentId: string): Promise<AgentDashboard> {
  await requireAgent(db, agentId);
  const periods = kampalaPeriods();
  const ids = [agentId];
  const [agent, today, month, targets, profiles, held, wallet, customers] = await Promise.all([
    getProfile(db, agentId),
    figuresSince(db, ids, periods.today),
    figuresSince(db, ids, periods.month),
    monthTargets(db, ids, periods.monthDay),
    agentProfilesOf(db, ids),
    cashOnHand(db, ids),
    walletBalance(db, agentId),
    customersOf(db, ids),
  ]);
  return {
    agent: { name: agent.fullName ?? '', agentCode: agent.agentCode, commissionRateBp: agent.commissionRateBp ?? 0 },
    today: today.get(agentId)!,
    month: month.get(agentId)!,
    target: targets.get(agentId) ?? null,
    cashOnHand: held.get(agentId) ?? 0,
    cashLimit: profiles.get(agentId)!.cashLimit,
    walletBalance: wallet,
    customersToVisit: await customersInArrears(db, customers.get(agentId)!),
  };
}
