import { randomBytes, randomInt } from 'node:crypto';
import { addMonths, kampalaDate } from '@ecogrid/core/credit';
import { and, eq, isNull } from 'drizzle-orm';
import { deviceKeyBox } from '../../platform/secret-box.ts';
import type { Database } from '../client.ts';
import { users } from '../schema/auth.ts';
import { loanScheduleChanges, repossessions } from '../schema/credit.ts';
import { devices, loans } from '../schema/loans.ts';
import { products } from '../schema/index.ts';
import { recordCashCollection } from '../../features/agents/cash-collections.ts';
import { recordAttempt, startRepossession } from '../../features/credit/repossessions.ts';
import type { LoanDeps } from '../../features/loans/loan-rows.ts';
import { extendLoan, quoteLoanExtension } from '../../features/loans/extension.ts';
import { runLoanDay } from '../../features/loans/portfolio.service.ts';
import { writeOffLoan } from '../../features/loans/write-offs.ts';
import { DEMO_CUSTOMERS } from './demo-agent-people.ts';
import { demoStaff } from './demo-agent.ts';
import { seedPortfolioHistory } from './demo-portfolio-history.ts';

/**
 * Takes the demo agent's book past the sale, through the services' own rules: each loan gets a
 * unit delivered when it started (with the product's warranty from that day); the daily run
 * defaults the loans past the policy's days and opens their follow-ups; the admins start one
 * repossession and the agent recovers another unit; one loan is written off and the customer
 * later pays the agent a little of it in cash (a recovery); an admin extends one loan on time
 * (a restructured loan, with its schedule history). Then the book's history for the portfolio
 * charts. Safe on every start: each step skips what is already done.
 */
export async function seedDemoCreditBook(deps: LoanDeps, appSecret: string): Promise<{ steps: number }> {
  const db = deps.db;
  const { agent, admin } = await demoStaff(db);
  if (!agent || !admin) return { steps: 0 };
  const book = await db
    .select({ loan: loans, phone: users.phoneNumber })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(eq(loans.agentId, agent.id));
  if (book.length === 0) return { steps: 0 };
  let steps = await deliverUnits(
    db,
    appSecret,
    book.map((b) => b.loan),
  );
  await runLoanDay(deps);
  const planned = new Map(
    DEMO_CUSTOMERS.flatMap((c) => (c.book.kind === 'loan' && c.book.then ? [[c.phone, c.book.then] as const] : [])),
  );
  for (const { loan, phone } of book) {
    const then = phone ? planned.get(phone) : undefined;
    if (!then) continue;
    const [now] = await db.select().from(loans).where(eq(loans.id, loan.id));
    if (now!.status !== 'defaulted' && then !== 'written_off') continue;
    if (then === 'written_off') steps += await writeOffAndRecover(deps, now!, agent.id, admin.id);
    else steps += await repossess(deps, now!.id, admin.id, agent.id, then === 'repossessed');
  }
  const extended = book.find((b) => b.phone === EXTENDED_PHONE)?.loan;
  if (extended?.status === 'active') steps += await extendOnce(deps, extended.id, admin.id);
  await seedPortfolioHistory(db);
  return { steps };
}

type Loan = typeof loans.$inferSelect;

/** Nakato Sarah, paying on time, asked her agent for smaller instalments. */
const EXTENDED_PHONE = '+256772100201';
const EXTENSION_INSTALMENTS = 2;

/** An admin extends the loan through the extension service, once: a loan with a change in its history is left alone. */
async function extendOnce(deps: LoanDeps, loanId: string, adminId: string): Promise<number> {
  const [changed] = await deps.db
    .select({ id: loanScheduleChanges.id })
    .from(loanScheduleChanges)
    .where(and(eq(loanScheduleChanges.loanId, loanId), eq(loanScheduleChanges.kind, 'extension')))
    .limit(1);
  if (changed) return 0;
  const request = { loanId, userId: null, instalments: EXTENSION_INSTALMENTS };
  const { quote } = await quoteLoanExtension(deps.db, request);
  await extendLoan(deps, { ...request, actorId: adminId, quote, idempotencyKey: `demo-extension-${loanId}` });
  return 1;
}

/** Demo units of the book's products in stock, for every loan that has none, delivered on its first day. */
async function deliverUnits(db: Database, appSecret: string, book: Loan[]): Promise<number> {
  const waiting = book.filter((l) => !l.deviceId && ['active', 'defaulted', 'completed'].includes(l.status));
  if (waiting.length === 0) return 0;
  const box = deviceKeyBox(appSecret);
  return db.transaction(async (tx) => {
    for (const loan of waiting) {
      const [product] = await tx.select().from(products).where(eq(products.id, loan.productId));
      const start = loan.startDate ?? kampalaDate(loan.createdAt);
      const [unit] = await tx
        .insert(devices)
        .values({
          serialNumber: `DEMO-${loan.seq.toString().padStart(6, '0')}`,
          productId: loan.productId,
          startingCode: randomInt(1, 999_999_999),
          secretKeyEncrypted: box.seal(randomBytes(16).toString('hex')),
          status: loan.status === 'completed' ? 'unlocked' : 'assigned',
          deliveredAt: loan.activatedAt ?? loan.createdAt,
          warrantyUntil: addMonths(start, product?.specs.warrantyMonths ?? 12),
        })
        .onConflictDoNothing()
        .returning({ id: devices.id });
      if (unit)
        await tx
          .update(loans)
          .set({ deviceId: unit.id })
          .where(and(eq(loans.id, loan.id), isNull(loans.deviceId)));
    }
    return waiting.length;
  });
}

/** An admin starts taking the unit back; when `recovered`, the agent brings it back in good order. */
async function repossess(deps: LoanDeps, loanId: string, adminId: string, agentId: string, recovered: boolean) {
  const [open] = await deps.db
    .select({ id: repossessions.id })
    .from(repossessions)
    .where(and(eq(repossessions.loanId, loanId), eq(repossessions.status, 'started')));
  const started =
    open ??
    (await startRepossession(deps, {
      loanId,
      actorId: adminId,
      agentId,
      reason: 'In default for over 90 days; the customer no longer answers calls.',
    }));
  if (!recovered) return open ? 0 : 1;
  await recordAttempt(deps, {
    id: started.id,
    agentId,
    attempt: { outcome: 'recovered', condition: 'good' },
  });
  return 1;
}

/** Writes the loan off, then the customer pays the agent 50,000 towards it in cash: a recovery. */
async function writeOffAndRecover(deps: LoanDeps, loan: Loan, agentId: string, adminId: string) {
  if (loan.status === 'defaulted') {
    await writeOffLoan(deps, {
      loanId: loan.id,
      actorId: adminId,
      reason: 'Moved to Juba; no contact for over six months.',
    });
  } else if (loan.status !== 'written_off') return 0;
  const { replayed } = await recordCashCollection(deps, agentId, {
    clientKey: `demo-recovery-${loan.id}`,
    receiptNumber: `EG-DEMO-01-R${loan.seq}`,
    customerId: loan.userId,
    purpose: 'loan_repayment',
    loanId: loan.id,
    amount: 50_000,
    // Fixed, so the same collection sent again on a restart is the same request (replayed).
    recordedAt: (loan.defaultedAt ?? loan.createdAt).toISOString(),
  });
  return replayed ? 0 : 1;
}
