import { addDays, depositDays, kampalaDate } from '@ecogrid/core/credit';
import { loanNumber, type Loan, type LoanSummary } from '@ecogrid/core/loans';
import { and, asc, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, deviceTokens, loanPayments, loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { productsForSale } from '#src/features/catalog/stock.service.ts';
import { paymentsForLoan } from '#src/features/payments/payments.service.ts';
import { DEPOSIT_DAYS, FEES_SHARE } from './loan-rows.ts';

type Extras = {
  imageUrl: string | null;
  device: { serial: string; warrantyUntil: string | null } | null;
  nextDue: LoanSummary['nextDue'];
};

function toSummary(loan: LoanRow, extras: Extras): LoanSummary {
  return {
    id: loan.id,
    number: loanNumber(loan.seq),
    status: loan.status,
    productId: loan.productId,
    productName: loan.productName,
    imageUrl: extras.imageUrl,
    planName: loan.planName,
    cashPrice: loan.cashPrice,
    creditPrice: loan.creditPrice,
    deposit: loan.deposit,
    instalment: loan.instalment,
    lastInstalment: loan.lastInstalment,
    instalments: loan.instalments,
    frequency: loan.frequency,
    costOfCredit: loan.creditPrice - loan.cashPrice,
    dailyRate: loan.dailyRate ?? 0,
    depositDays: depositDays(loan.frequency, loan.startDate ?? kampalaDate(new Date())),
    paid: loan.paid,
    outstanding: outstandingOn(loan),
    nextDue: extras.nextDue,
    daysPastDue: loan.daysPastDue,
    startDate: loan.startDate,
    deviceSerial: extras.device?.serial ?? null,
    warrantyUntil: extras.device?.warrantyUntil ?? null,
    decisionNote: loan.decisionNote,
    depositDueBy: depositDueBy(loan),
    createdAt: loan.createdAt.toISOString(),
  };
}

/**
 * What is left to pay: the credit price and fees less what was paid and forgiven (an early-payoff
 * discount); on a loan closed as a loss, what was written off and not yet recovered.
 */
const outstandingOn = (loan: LoanRow) =>
  loan.creditPrice +
  loan.fees -
  loan.paid -
  (loan.status === 'written_off' || loan.status === 'repossessed' ? loan.recovered : loan.forgiven);

/**
 * An approved loan's last day to pay the deposit: DEPOSIT_DAYS after the day it was approved (the
 * daily job closes it the day after).
 */
const depositDueBy = (loan: LoanRow): string | null =>
  loan.status === 'approved' && loan.decidedAt ? addDays(kampalaDate(loan.decidedAt), DEPOSIT_DAYS) : null;

/** The summaries of these loans, with their pictures, devices and next amounts due, in three queries. */
export async function summaries(db: Database | Tx, rows: LoanRow[]): Promise<LoanSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const [next, serials, pictures] = await Promise.all([
    db
      .selectDistinctOn([loanRepayments.loanId], {
        loanId: loanRepayments.loanId,
        dueDate: loanRepayments.dueDate,
        amount: sql<number>`(${loanRepayments.amountDue} - ${loanRepayments.amountPaid})::float8`,
      })
      .from(loanRepayments)
      .where(and(inArray(loanRepayments.loanId, ids), ne(loanRepayments.status, 'paid')))
      .orderBy(loanRepayments.loanId, asc(loanRepayments.number)),
    deviceIds.length
      ? db
          .select({ id: devices.id, serial: devices.serialNumber, warrantyUntil: devices.warrantyUntil })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
      : [],
    productsForSale(db, productIds),
  ]);
  const nextBy = new Map(next.map((n) => [n.loanId, { dueDate: n.dueDate, amount: Number(n.amount) }]));
  const deviceBy = new Map(serials.map((s) => [s.id, s]));
  return rows.map((row) =>
    toSummary(row, {
      imageUrl: pictures.get(row.productId)?.imageUrl ?? null,
      device: row.deviceId ? (deviceBy.get(row.deviceId) ?? null) : null,
      nextDue: row.status === 'active' ? (nextBy.get(row.id) ?? null) : null,
    }),
  );
}

/** A loan whole: its summary, schedule, payments and tokens. */
export async function loanView(db: Database | Tx, loan: LoanRow): Promise<Loan> {
  const [[summary], schedule, paid, kinds, tokens] = await Promise.all([
    summaries(db, [loan]),
    db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id)).orderBy(asc(loanRepayments.number)),
    paymentsForLoan(db, loan.id),
    db
      .select({ paymentId: loanPayments.paymentId, kind: loanPayments.kind, allocation: loanPayments.allocation })
      .from(loanPayments)
      .where(eq(loanPayments.loanId, loan.id)),
    loan.deviceId
      ? db
          .select()
          .from(deviceTokens)
          .where(and(eq(deviceTokens.deviceId, loan.deviceId), like(deviceTokens.reference, `loan:${loan.id}:%`)))
          .orderBy(desc(deviceTokens.count))
      : [],
  ]);
  const kindOf = new Map(kinds.map((k) => [k.paymentId, k.kind]));
  const feesOf = new Map(kinds.map((k) => [k.paymentId, k.allocation[FEES_SHARE] ?? 0]));
  return {
    ...summary!,
    schedule: schedule.map((r) => ({
      id: r.id,
      userId: r.userId,
      number: r.number,
      dueDate: r.dueDate,
      amountDue: r.amountDue,
      amountPaid: r.amountPaid,
      lateFee: r.lateFee,
      status: r.status,
    })),
    payments: paid.map((p) => ({
      id: p.id,
      reference: p.reference,
      kind: kindOf.get(p.id) ?? (p.id === loan.depositPaymentId ? 'deposit' : 'repayment'),
      method: p.method,
      amount: p.amount,
      feesPaid: feesOf.get(p.id) ?? 0,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
    tokens: tokens.map((t) => ({
      token: t.token,
      type: t.type,
      days: t.days,
      count: t.count,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

export async function myLoans(db: Database | Tx, userId: string): Promise<LoanSummary[]> {
  const rows = await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.createdAt)).limit(100);
  return summaries(db, rows);
}

/**
 * Each running loan's next unpaid instalment, newest loan first, in one query: the part of
 * myLoans a feature phone's balance screen shows, answered on every USSD step.
 */
export async function nextPaymentsOf(
  db: Database | Tx,
  userId: string,
): Promise<{ number: string; amount: number; dueDate: string }[]> {
  const rows = await db
    .selectDistinctOn([loanRepayments.loanId], {
      seq: loans.seq,
      createdAt: loans.createdAt,
      dueDate: loanRepayments.dueDate,
      amount: sql<number>`(${loanRepayments.amountDue} - ${loanRepayments.amountPaid})::float8`,
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .where(and(eq(loanRepayments.userId, userId), eq(loans.status, 'active'), ne(loanRepayments.status, 'paid')))
    .orderBy(loanRepayments.loanId, asc(loanRepayments.number));
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => ({ number: loanNumber(r.seq), amount: Number(r.amount), dueDate: r.dueDate }));
}
