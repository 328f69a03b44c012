import { formatUgx } from '@ecogrid/core';
import { kampalaDate } from '@ecogrid/core/credit';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { journalTransactions, ledgerAccounts, ledgerPostings } from '#src/db/schema/wallet.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { notFound } from '#src/platform/errors.ts';
import { letterhead, ruleLine, startPdf, tableRow, type PdfColumn } from '#src/platform/pdf.ts';
import { statementWords, type StatementWords } from '#src/platform/statement-words.ts';
import { accountNumbersOf } from '#src/features/auth/account-numbers.service.ts';
import { customerCards } from '#src/features/auth/profile.service.ts';

const LINES: PdfColumn[] = [
  { at: 0, width: 0.16 },
  { at: 0.17, width: 0.45 },
  { at: 0.62, width: 0.18, align: 'right' },
  { at: 0.8, width: 0.2, align: 'right' },
];
const FIGURES: PdfColumn[] = [
  { at: 0, width: 0.7 },
  { at: 0.7, width: 0.3, align: 'right' },
];

type Line = { createdAt: Date; description: string; amount: number; balanceAfter: number };

/** A wallet's postings in the range, oldest first, and its balance when the range began. */
export async function walletLines(db: Database, userId: string, range: DateRange) {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, `wallet:${userId}`));
  if (!account) return { opening: 0, lines: [] as Line[] };
  const [before] = await db
    .select({ balanceAfter: ledgerPostings.balanceAfter })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.accountId, account.id), lt(ledgerPostings.createdAt, range.start)))
    .orderBy(desc(ledgerPostings.id))
    .limit(1);
  const lines = await db
    .select({
      createdAt: ledgerPostings.createdAt,
      description: journalTransactions.description,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
    })
    .from(ledgerPostings)
    .innerJoin(journalTransactions, eq(journalTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerPostings.accountId, account.id),
        gte(ledgerPostings.createdAt, range.start),
        lt(ledgerPostings.createdAt, range.end),
      ),
    )
    .orderBy(asc(ledgerPostings.id));
  return { opening: before?.balanceAfter ?? 0, lines };
}

/**
 * A wallet statement as an A4 PDF in the customer's language: the opening balance, each posting
 * of the range with the balance after it, money in and out, and the closing balance.
 */
function walletStatementPdf(
  customer: { name: string; phone: string | null; accountNumber: string | null },
  range: DateRange,
  { opening, lines }: { opening: number; lines: Line[] },
  words: StatementWords,
) {
  const { doc, width, finish } = startPdf({ title: words.walletTitle, subject: words.period(range.from, range.to) });
  letterhead(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(words.walletTitle);
  doc.font('Helvetica').fontSize(9);
  doc.text(words.period(range.from, range.to));
  doc.text(`${words.printed}: ${kampalaDate(new Date())}`);
  doc.text(`${words.customer}: ${customer.name}${customer.phone ? `, ${customer.phone}` : ''}`);
  if (customer.accountNumber) doc.text(`${words.accountNumber}: ${customer.accountNumber}`);
  doc.moveDown();
  const figure = (label: string, amount: number, bold = false) =>
    tableRow(doc, width, FIGURES, [label, formatUgx(amount)], bold);
  figure(words.openingBalance, opening, true);
  doc.moveDown(0.5);
  tableRow(doc, width, LINES, [words.date, words.description, words.amount, words.balance], true);
  for (const line of lines) {
    const cells = [kampalaDate(line.createdAt), line.description, formatUgx(line.amount), formatUgx(line.balanceAfter)];
    tableRow(doc, width, LINES, cells);
  }
  if (lines.length === 0) doc.font('Helvetica').text(words.none);
  doc.moveDown();
  ruleLine(doc, width);
  figure(
    words.moneyIn,
    lines.reduce((sum, l) => sum + Math.max(l.amount, 0), 0),
  );
  figure(
    words.moneyOut,
    lines.reduce((sum, l) => sum + Math.max(-l.amount, 0), 0),
  );
  figure(words.closingBalance, lines.at(-1)?.balanceAfter ?? opening, true);
  return finish();
}

/** A customer's wallet statement for a range of days; an unknown customer is not found. */
export async function walletStatementFile(db: Database, userId: string, range: DateRange) {
  const card = (await customerCards(db, [userId])).get(userId);
  if (!card) throw notFound('No customer has this id.');
  const pdf = await walletStatementPdf(
    { name: card.name, phone: card.phone, accountNumber: (await accountNumbersOf(db, [userId])).get(userId) ?? null },
    range,
    await walletLines(db, userId, range),
    statementWords(card.preferredLanguage),
  );
  return { pdf, filename: `EcoGrid-wallet-${range.from}-to-${range.to}.pdf` };
}
