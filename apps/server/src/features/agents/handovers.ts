import { formatUgx } from '@ecogrid/core';
import type { Handover, HandoverRequest } from '@ecogrid/core/agent-money';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentHandovers } from '#src/db/schema/agents.ts';
import { AppError } from '#src/platform/errors.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { agentAccount } from '#src/features/auth/agent-accounts.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { agentCashCode, HOUSE_ACCOUNTS, openAccounts, postJournal } from '#src/features/wallet/ledger.service.ts';
import { cashOnHand, lockAgentProfile } from './agent-profiles.ts';

type HandoverRow = typeof agentHandovers.$inferSelect;

async function toHandovers(db: Database, rows: HandoverRow[]): Promise<Handover[]> {
  const people = await userSummaries(db, [...new Set(rows.map((r) => r.recordedBy))]);
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    method: r.method,
    reference: r.reference,
    note: r.note,
    recordedBy: { id: r.recordedBy, name: people.get(r.recordedBy)?.name ?? 'A former admin' },
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * An admin records cash an agent handed over, at the office or paid into the bank: the agent's
 * cash on hand goes down by it (never below zero: at most what they hold), into 'cash:office' or
 * 'bank:deposits', in one transaction with the record and its audit line. The agent's profile
 * is locked first, as collections do. The same Idempotency-Key again records nothing more.
 */
export async function recordHandover(
  db: Database,
  input: { agentId: string; adminId: string; key: string; request: HandoverRequest },
): Promise<Handover> {
  const agent = await agentAccount(db, input.agentId);
  const key = `handover:${input.agentId}:${input.key}`;
  const row = await db.transaction(async (tx) => {
    await lockAgentProfile(tx, input.agentId);
    const [first] = await tx.select().from(agentHandovers).where(eq(agentHandovers.idempotencyKey, key));
    if (first) return first;
    const held = (await cashOnHand(tx, [input.agentId])).get(input.agentId) ?? 0;
    const { amount, method } = input.request;
    if (amount > held) {
      throw new AppError(
        'handover_too_large',
        `${agent.name} holds ${formatUgx(held)} in cash: a handover can be at most that.`,
        422,
      );
    }
    const house = method === 'cash' ? HOUSE_ACCOUNTS.cashOffice : HOUSE_ACCOUNTS.bankDeposits;
    await openAccounts(tx, [{ code: house, kind: method === 'cash' ? 'office_cash' : 'bank' }]);
    const reference = input.request.reference ?? null;
    const journal = await postJournal(tx, {
      idempotencyKey: key,
      kind: 'agent_handover',
      description: `${agent.name} (${agent.agentCode ?? 'no code'}) handed over ${formatUgx(amount)} ${
        method === 'cash' ? 'in cash' : `by bank deposit ${reference}`
      }`,
      createdBy: input.adminId,
      postings: [
        { account: agentCashCode(input.agentId), amount },
        { account: house, amount: -amount },
      ],
    });
    const [made] = await tx
      .insert(agentHandovers)
      .values({
        agentId: input.agentId,
        amount,
        method,
        reference,
        note: input.request.note ?? null,
        recordedBy: input.adminId,
        journalId: journal.transactionId,
        idempotencyKey: key,
      })
      .returning();
    await recordAudit(tx, {
      actorId: input.adminId,
      action: 'agent.handover',
      entityType: 'agent',
      entityId: input.agentId,
      details: { amount, method, reference, cashOnHandBefore: held, cashOnHandAfter: held - amount },
    });
    return made!;
  });
  return (await toHandovers(db, [row]))[0]!;
}

/**
 * A page of an agent's handovers, newest first. The cursor carries the time to the microsecond,
 * as PostgreSQL keeps it, so two handovers in one millisecond neither repeat nor go missing.
 */
export async function handoversOf(db: Database, agentId: string, page: PageQuery): Promise<Page<Handover>> {
  const rows = await db
    .select({ ...getTableColumns(agentHandovers), at: sql<string>`${agentHandovers.createdAt}::text` })
    .from(agentHandovers)
    .where(and(eq(agentHandovers.agentId, agentId), after(agentHandovers.createdAt, agentHandovers.id, page.cursor)))
    .orderBy(desc(agentHandovers.createdAt), desc(agentHandovers.id))
    .limit(page.limit + 1);
  const shown = toPage(
    rows.map(({ at, ...row }) => ({ id: row.id, createdAt: at, row })),
    page.limit,
    (r) => r.row,
  );
  return { items: await toHandovers(db, shown.items), nextCursor: shown.nextCursor };
}
