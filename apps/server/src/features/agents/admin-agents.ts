import type { AdminAgent, AdminAgentDetail, AgentSettings, AgentStatementLine } from '@ecogrid/core/agent-admin';
import type { AgentTarget, Handover } from '@ecogrid/core/agent-money';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentProfiles, agentTargets } from '#src/db/schema/agents.ts';
import { AppError } from '#src/platform/errors.ts';
import { toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import {
  agentAccount,
  agentAccounts,
  setAgentRate,
  type AgentAccount,
} from '#src/features/auth/agent-accounts.service.ts';
import { setActive } from '#src/features/auth/admin-users.service.ts';
import { par30ByGroup } from '#src/features/loans/loans.service.ts';
import { walletStatementPage } from '#src/features/wallet/ledger.service.ts';
import { figuresSince, kampalaPeriods, monthTargets, targetsOf } from './agent-figures.ts';
import { agentProfilesOf, cashOnHand, lockAgentProfile } from './agent-profiles.ts';
import { handoversOf } from './handovers.ts';
import { customersOf } from './served-customers.ts';

/**
 * Agents as the admins' list shows them: settings, this month's figures and target, cash, PAR30.
 * A fixed number of grouped queries answers a whole page, however many agents it holds.
 */
async function adminViews(db: Database, accounts: AgentAccount[]): Promise<AdminAgent[]> {
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return [];
  const periods = kampalaPeriods();
  const [profiles, held, month, targets, customers] = await Promise.all([
    agentProfilesOf(db, ids),
    cashOnHand(db, ids),
    figuresSince(db, ids, periods.month),
    monthTargets(db, ids, periods.monthDay),
    customersOf(db, ids),
  ]);
  const par30 = await par30ByGroup(db, customers);
  return accounts.map((account) => ({
    id: account.id,
    name: account.name,
    phone: account.phone,
    email: account.email,
    agentStatus: account.agentStatus ?? 'applicant',
    agentCode: account.agentCode,
    commissionRateBp: account.commissionRateBp,
    districts: profiles.get(account.id)!.districts,
    isActive: account.isActive,
    cashOnHand: held.get(account.id) ?? 0,
    cashLimit: profiles.get(account.id)!.cashLimit,
    month: month.get(account.id)!,
    target: targets.get(account.id) ?? null,
    par30: par30.get(account.id) ?? null,
    customers: customers.get(account.id)!.length,
    appliedAt: account.createdAt.toISOString(),
  }));
}

/** GET /api/admin/agents: applicants and agents, newest first. */
export async function listAgents(
  db: Database,
  filters: { status?: 'applicant' | 'approved'; q?: string },
  page: PageQuery,
): Promise<Page<AdminAgent>> {
  const rows = await agentAccounts(db, filters, page);
  const shown = toPage(rows, page.limit, (r) => r);
  return { items: await adminViews(db, shown.items), nextCursor: shown.nextCursor };
}

/** GET /api/admin/agents/{id}: the agent with their month targets. */
export async function agentDetail(db: Database, id: string): Promise<AdminAgentDetail> {
  const account = await agentAccount(db, id);
  const [views, targets] = await Promise.all([adminViews(db, [account]), targetsOf(db, id)]);
  return { ...views[0]!, targets };
}

/** GET /api/admin/agents/{id}/handovers: a page of the agent's handovers, newest first. */
export async function agentHandovers(db: Database, id: string, page: PageQuery): Promise<Page<Handover>> {
  await agentAccount(db, id);
  return handoversOf(db, id, page);
}

/** GET /api/admin/agents/{id}/statement: a page of the agent's wallet statement, newest first. */
export async function agentStatement(db: Database, id: string, page: PageQuery): Promise<Page<AgentStatementLine>> {
  await agentAccount(db, id);
  const lines = await walletStatementPage(db, id, page);
  return {
    items: lines.items.map((line) => ({
      id: String(line.id),
      kind: line.kind,
      description: line.description,
      amount: line.amount,
      balanceAfter: line.balanceAfter,
      createdAt: line.createdAt.toISOString(),
    })),
    nextCursor: lines.nextCursor,
  };
}

/**
 * PATCH /api/admin/agents/{id}: rate, districts, cash limit, active or not, audited old → new in
 * the same transaction. Deactivating goes through the account's own switch (it ends the
 * sessions, audited there too).
 */
export async function changeAgentSettings(db: Database, adminId: string, id: string, changes: AgentSettings) {
  const account = await agentAccount(db, id);
  await db.transaction(async (tx) => {
    const profile = await lockAgentProfile(tx, id);
    const old = {
      commissionRateBp: account.commissionRateBp,
      districts: profile.districts,
      cashLimit: profile.cashLimit,
      isActive: account.isActive,
    };
    const set: Partial<typeof agentProfiles.$inferInsert> = {};
    if (changes.districts) set.districts = [...new Set(changes.districts)];
    if (changes.cashLimit !== undefined) set.cashLimit = changes.cashLimit;
    if (Object.keys(set).length > 0) {
      await tx
        .update(agentProfiles)
        .set({ ...set, updatedBy: adminId, updatedAt: new Date() })
        .where(eq(agentProfiles.agentId, id));
    }
    if (changes.commissionRateBp !== undefined) await setAgentRate(tx, id, changes.commissionRateBp);
    const changed = Object.keys(changes) as (keyof AgentSettings)[];
    await recordAudit(tx, {
      actorId: adminId,
      action: 'agent.settings',
      entityType: 'agent',
      entityId: id,
      details: {
        from: Object.fromEntries(changed.map((k) => [k, old[k]])),
        to: Object.fromEntries(changed.map((k) => [k, k === 'districts' ? set.districts : changes[k]])),
      },
    });
  });
  if (changes.isActive !== undefined && changes.isActive !== account.isActive) {
    await setActive(db, adminId, id, changes.isActive);
  }
  return agentDetail(db, id);
}

/** PUT /api/admin/agents/{id}/targets/{month}: the month's targets, set or replaced, audited. */
export async function setAgentTarget(
  db: Database,
  adminId: string,
  id: string,
  month: string,
  target: Omit<AgentTarget, 'month'>,
): Promise<AgentTarget> {
  const account = await agentAccount(db, id);
  if (account.agentStatus !== 'approved') {
    throw new AppError('not_an_agent', 'Approve the applicant before setting their targets.', 422);
  }
  const day = `${month}-01`;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(agentTargets)
      .where(and(eq(agentTargets.agentId, id), eq(agentTargets.month, day)));
    await tx
      .insert(agentTargets)
      .values({ agentId: id, month: day, ...target, setBy: adminId })
      .onConflictDoUpdate({
        target: [agentTargets.agentId, agentTargets.month],
        set: { ...target, setBy: adminId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'agent.target',
      entityType: 'agent',
      entityId: id,
      details: {
        month: day,
        from: before ? { salesTarget: before.salesTarget, collectionsTarget: before.collectionsTarget } : null,
        to: target,
      },
    });
  });
  return { month: day, ...target };
}
