import { arrearsBucket } from '@ecogrid/core/collections';
import { loanNumber } from '@ecogrid/core/loans';
import { asc, eq, gt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { devices, loanPayments, loans } from '#src/db/schema/loans.ts';
import { csvStream, type CsvValue } from '#src/platform/csv.ts';
import { agentCodes, customerCards } from '#src/features/auth/profile.service.ts';
import { paymentFacts } from '#src/features/payments/payments.service.ts';
import { amountOwed } from './loan-rows.ts';

/** Rows read at a time: a page of the export. */
export const EXPORT_PAGE = 1_000;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

type LoanLine = typeof loans.$inferSelect & { deviceSerial: string | null };
type Column<Row> = [name: string, value: (row: Row) => CsvValue];

/** The loans export's columns, in order; docs/exports.md says what each means. */
const LOAN_COLUMNS = (
  people: Awaited<ReturnType<typeof customerCards>>,
  agents: Map<string, string>,
): Column<LoanLine>[] => [
  ['loan_number', (l) => loanNumber(l.seq)],
  ['customer_id', (l) => l.userId],
  ['customer_name', (l) => people.get(l.userId)?.name ?? null],
  ['customer_phone', (l) => people.get(l.userId)?.phone ?? null],
  ['district', (l) => l.district ?? people.get(l.userId)?.district ?? null],
  ['agent_code', (l) => (l.agentId ? (agents.get(l.agentId) ?? null) : null)],
  ['product', (l) => l.productName],
  ['plan', (l) => l.planName],
  ['device_serial', (l) => l.deviceSerial],
  ['status', (l) => l.status],
  ['currency', () => 'UGX'],
  ['cash_price', (l) => l.cashPrice],
  ['credit_price', (l) => l.creditPrice],
  ['deposit', (l) => l.deposit],
  ['instalment', (l) => l.instalment],
  ['instalments', (l) => l.instalments],
  ['frequency', (l) => l.frequency],
  ['fees', (l) => l.fees],
  ['forgiven', (l) => l.forgiven],
  ['paid', (l) => l.paid],
  ['recovered', (l) => l.recovered],
  ['outstanding', (l) => (l.status === 'active' || l.status === 'defaulted' ? amountOwed(l) : 0)],
  ['days_past_due', (l) => l.daysPastDue],
  ['arrears_bucket', (l) => (l.status === 'defaulted' ? 'defaulted' : arrearsBucket(l.daysPastDue))],
  ['applied_at', (l) => iso(l.createdAt)],
  ['start_date', (l) => l.startDate],
  ['activated_at', (l) => iso(l.activatedAt)],
  ['completed_at', (l) => iso(l.completedAt)],
  ['defaulted_at', (l) => iso(l.defaultedAt)],
  ['closed_at', (l) => iso(l.closedAt)],
];

export const LOAN_EXPORT_HEADER = LOAN_COLUMNS(new Map(), new Map()).map(([name]) => name);

/** Every loan, oldest first by loan number, read a page at a time after the last number seen. */
export function loansCsv(db: Database) {
  return csvStream(LOAN_EXPORT_HEADER, 0, async (after: number) => {
    const rows = await db
      .select({ loan: loans, deviceSerial: devices.serialNumber })
      .from(loans)
      .leftJoin(devices, eq(devices.id, loans.deviceId))
      .where(gt(loans.seq, after))
      .orderBy(asc(loans.seq))
      .limit(EXPORT_PAGE);
    const lines = rows.map(({ loan, deviceSerial }) => ({ ...loan, deviceSerial }));
    const [people, agents] = await Promise.all([
      customerCards(
        db,
        lines.map((l) => l.userId),
      ),
      agentCodes(
        db,
        lines.flatMap((l) => (l.agentId ? [l.agentId] : [])),
      ),
    ]);
    const columns = LOAN_COLUMNS(people, agents);
    return { lines: lines.map((l) => columns.map(([, value]) => value(l))), cursor: lines.at(-1)?.seq ?? after };
  });
}

export const PAYMENT_EXPORT_HEADER = [
  'payment_number',
  'loan_number',
  'customer_id',
  'paid_at',
  'kind',
  'amount',
  'currency',
  'method',
  'reference',
];

/** Every payment a loan took, in the order they were recorded, a page at a time. */
export function paymentsCsv(db: Database) {
  return csvStream(PAYMENT_EXPORT_HEADER, 0, async (after: number) => {
    const rows = await db
      .select({ payment: loanPayments, seq: loans.seq, userId: loans.userId })
      .from(loanPayments)
      .innerJoin(loans, eq(loans.id, loanPayments.loanId))
      .where(gt(loanPayments.id, after))
      .orderBy(asc(loanPayments.id))
      .limit(EXPORT_PAGE);
    const facts = await paymentFacts(
      db,
      rows.map((r) => r.payment.paymentId),
    );
    const lines = rows.map(({ payment: p, seq, userId }) => [
      p.id,
      loanNumber(seq),
      userId,
      p.createdAt.toISOString(),
      p.kind,
      p.amount,
      'UGX',
      facts.get(p.paymentId)?.method ?? null,
      facts.get(p.paymentId)?.reference ?? null,
    ]);
    return { lines, cursor: rows.at(-1)?.payment.id ?? after };
  });
}
