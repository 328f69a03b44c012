import { formatUgx } from '@ecogrid/core';
import { kampalaDate } from '@ecogrid/core/credit';
import type { Loan } from '@ecogrid/core/loans';
import type { Database } from '#src/db/client.ts';
import type { LoanRow } from '#src/db/schema/loans.ts';
import { letterhead, ruleLine, startPdf, tableRow, type PdfColumn } from '#src/platform/pdf.ts';
import { statementWords, type StatementWords } from '#src/platform/statement-words.ts';
import { accountNumbersOf } from '#src/features/auth/account-numbers.service.ts';
import { customerCards } from '#src/features/auth/profile.service.ts';
import { amountOwed, findLoan } from './loan-rows.ts';
import { loanView } from './loan-views.ts';

const SCHEDULE: PdfColumn[] = [
  { at: 0, width: 0.08 },
  { at: 0.1, width: 0.24 },
  { at: 0.36, width: 0.2, align: 'right' },
  { at: 0.58, width: 0.2, align: 'right' },
  { at: 0.8, width: 0.2, align: 'right' },
];
const PAYMENTS: PdfColumn[] = [
  { at: 0, width: 0.2 },
  { at: 0.22, width: 0.2 },
  { at: 0.44, width: 0.34 },
  { at: 0.8, width: 0.2, align: 'right' },
];
const TOKENS: PdfColumn[] = [
  { at: 0, width: 0.2 },
  { at: 0.22, width: 0.5 },
  { at: 0.8, width: 0.2, align: 'right' },
];
const FIGURES: PdfColumn[] = [
  { at: 0, width: 0.7 },
  { at: 0.7, width: 0.3, align: 'right' },
];

const day = (iso: string) => kampalaDate(new Date(iso));
const methodName = (words: StatementWords, method: string) =>
  words.methods[method as keyof StatementWords['methods']] ?? method;

type Figures = Pick<LoanRow, 'fees' | 'forgiven' | 'creditPrice' | 'paid'>;

/**
 * A loan's statement as an A4 PDF in the customer's language: who and what, the schedule with
 * what was paid and is owed on each instalment, the payments that went through, the tokens sent
 * to the device, and the totals: cost of credit, fees added, amounts forgiven, the balance.
 */
export function loanStatementPdf(
  loan: Loan,
  figures: Figures,
  customer: { name: string; phone: string | null; accountNumber: string | null },
  words: StatementWords,
): Promise<Buffer> {
  const { doc, width, finish } = startPdf({ title: words.loanTitle(loan.number), subject: loan.productName });
  letterhead(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(words.loanTitle(loan.number));
  doc.font('Helvetica').fontSize(9);
  doc.text(`${words.printed}: ${kampalaDate(new Date())}`);
  doc.text(`${words.customer}: ${customer.name}${customer.phone ? `, ${customer.phone}` : ''}`);
  if (customer.accountNumber) doc.text(`${words.accountNumber}: ${customer.accountNumber}`);
  doc.text(`${words.product}: ${loan.productName} (${words.plan}: ${loan.planName})`);
  if (loan.deviceSerial) doc.text(`${words.device}: ${loan.deviceSerial}`);
  doc.text(`${words.status}: ${words.statuses[loan.status] ?? loan.status}`);
  doc.moveDown();

  const heading = (text: string) => {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(11).text(text);
    doc.fontSize(9);
  };
  const none = () => doc.font('Helvetica').text(words.none);

  heading(words.schedule);
  tableRow(doc, width, SCHEDULE, [words.number, words.dueDate, words.due, words.paid, words.owed], true);
  for (const r of loan.schedule) {
    const cells = [String(r.number), r.dueDate, formatUgx(r.amountDue), formatUgx(r.amountPaid)];
    tableRow(doc, width, SCHEDULE, [...cells, formatUgx(r.amountDue - r.amountPaid)]);
  }
  if (loan.schedule.length === 0) none();

  heading(words.payments);
  const settled = loan.payments.filter((p) => p.status === 'successful').reverse();
  tableRow(doc, width, PAYMENTS, [words.date, words.what, words.method, words.amount], true);
  for (const p of settled) {
    const cells = [day(p.createdAt), words.kinds[p.kind], methodName(words, p.method), formatUgx(p.amount)];
    tableRow(doc, width, PAYMENTS, cells);
  }
  if (settled.length === 0) none();

  heading(words.tokens);
  tableRow(doc, width, TOKENS, [words.date, words.token, words.days], true);
  for (const t of [...loan.tokens].reverse()) {
    tableRow(doc, width, TOKENS, [day(t.createdAt), `${t.token} (${t.type})`, t.days === null ? '' : String(t.days)]);
  }
  if (loan.tokens.length === 0) none();

  doc.moveDown();
  ruleLine(doc, width);
  const figure = (label: string, amount: number, bold = false) =>
    tableRow(doc, width, FIGURES, [label, formatUgx(amount)], bold);
  figure(words.cashPrice, loan.cashPrice);
  figure(words.creditPrice, loan.creditPrice);
  figure(words.costOfCredit, loan.creditPrice - loan.cashPrice + figures.fees);
  figure(words.fees, figures.fees);
  figure(words.forgiven, figures.forgiven);
  figure(words.paid, figures.paid);
  figure(words.balance, amountOwed(figures), true);
  return finish();
}

/** A loan's statement: the customer's own (`userId`), or any loan for an admin (null). */
export async function loanStatement(db: Database, loanId: string, userId: string | null) {
  const row = await findLoan(db, loanId, userId);
  const [view, cards, accounts] = await Promise.all([
    loanView(db, row),
    customerCards(db, [row.userId]),
    accountNumbersOf(db, [row.userId]),
  ]);
  const card = cards.get(row.userId);
  const pdf = await loanStatementPdf(
    view,
    row,
    { name: card?.name ?? 'Customer', phone: card?.phone ?? null, accountNumber: accounts.get(row.userId) ?? null },
    statementWords(card?.preferredLanguage ?? 'english'),
  );
  return { pdf, number: view.number };
}
