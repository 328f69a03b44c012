import type { AgentDashboard, AgentFigures, AgentTarget } from '@ecogrid/core/agent-money';
import { kampalaDate } from '@ecogrid/core/credit';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentCommissions, agentCustomers, agentTargets } from '#src/db/schema/agents.ts';
import { getProfile } from '#src/features/auth/profile.service.ts';
import { customersInArrears } from '#src/features/loans/loans.service.ts';
import { agentSalesSince } from '#src/features/orders/orders.service.ts';
import { cashCollectedSince } from '#src/features/payments/payments.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { agentProfile, cashOnHand } from './agent-profiles.ts';
import { requireAgent } from './agents.service.ts';

/** Kampala is UTC+3 all year: the start of today and of this month there, and the month's first day. */
export function kampalaPeriods(now = new Date()) {
  const today = kampalaDate(now);
  const month = `${today.slice(0, 7)}-01`;
  return { today: new Date(`${today}T00:00:00+03:00`), month: new Date(`${month}T00:00:00+03:00`), monthDay: month };
}

/**
 * Commission earned since a moment, less what was reversed since then: two sums, each read by its
 * own index (one filter with `or` over both times read every commission the agent ever earned).
 */
async function commissionSince(db: Database, agentId: string, since: Date): Promise<number> {
  const total = { amount: sql<number>`coalesce(sum(${agentCommissions.amount}), 0)::bigint`.mapWith(Number) };
  const mine = eq(agentCommissions.agentId, agentId);
  const [[earned], [reversed]] = await Promise.all([
    db
      .select(total)
      .from(agentCommissions)
      .where(and(mine, gte(agentCommissions.createdAt, since))),
    db
      .select(total)
      .from(agentCommissions)
      .where(and(mine, gte(agentCommissions.reversedAt, since))),
  ]);
  return (earned?.amount ?? 0) - (reversed?.amount ?? 0);
}

/** Sales, cash collected and net commission of one agent since a moment. */
export async function figuresSince(db: Database, agentId: string, since: Date): Promise<AgentFigures> {
  const [sales, cash, commission] = await Promise.all([
    agentSalesSince(db, agentId, since),
    cashCollectedSince(db, agentId, since),
    commissionSince(db, agentId, since),
  ]);
  return {
    sales: sales.total,
    salesCount: sales.count,
    collections: cash.total,
    collectionsCount: cash.count,
    commission,
  };
}

/** An agent's targets, newest month first (only `month` when given). */
export async function targetsOf(db: Database, agentId: string, month?: string): Promise<AgentTarget[]> {
  const rows = await db
    .select()
    .from(agentTargets)
    .where(and(eq(agentTargets.agentId, agentId), month ? eq(agentTargets.month, month) : undefined))
    .orderBy(sql`${agentTargets.month} desc`)
    .limit(24);
  return rows.map((r) => ({ month: r.month, salesTarget: r.salesTarget, collectionsTarget: r.collectionsTarget }));
}

/** Every customer the agent serves (consent given once, expired or not). */
export async function customersOf(db: Database, agentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: agentCustomers.customerId })
    .from(agentCustomers)
    .where(eq(agentCustomers.agentId, agentId));
  return rows.map((r) => r.id);
}

/** GET /api/agent/dashboard. */
export async function agentDashboard(db: Database, agentId: string): Promise<AgentDashboard> {
  await requireAgent(db, agentId);
  const periods = kampalaPeriods();
  const [agent, today, month, targets, profile, held, wallet, customers] = await Promise.all([
    getProfile(db, agentId),
    figuresSince(db, agentId, periods.today),
    figuresSince(db, agentId, periods.month),
    targetsOf(db, agentId, periods.monthDay),
    agentProfile(db, agentId),
    cashOnHand(db, [agentId]),
    walletBalance(db, agentId),
    customersOf(db, agentId),
  ]);
  return {
    agent: { name: agent.fullName ?? '', agentCode: agent.agentCode, commissionRateBp: agent.commissionRateBp ?? 0 },
    today,
    month,
    target: targets[0] ?? null,
    cashOnHand: held.get(agentId) ?? 0,
    cashLimit: profile.cashLimit,
    walletBalance: wallet,
    customersToVisit: await customersInArrears(db, customers),
  };
}
