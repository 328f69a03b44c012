import type { JournalEntry as JournalView } from '@ecogrid/core/payments.responses';
import type { UserType } from '@ecogrid/core';
import type { StatementKind } from '@ecogrid/core/payments';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Database, type Tx } from '#src/db/client.ts';
import { journalTransactions, ledgerAccounts, ledgerPostings, type LedgerAccountKind } from '#src/db/schema/wallet.ts';
import { userTypes } from '#src/features/auth/roles.service.ts';
import { isConstraintViolation } from '#src/platform/db-errors.ts';
import { AppError } from '#src/platform/errors.ts';
import { invalidCursor, type Page, type PageQuery } from '#src/platform/pagination.ts';

/** The business's own accounts, created by the migration. */
export const HOUSE_ACCOUNTS = {
  clearing: { mtn: 'clearing:mtn', airtel: 'clearing:airtel' },
  payouts: { mtn: 'payouts:mtn', airtel: 'payouts:airtel' },
  salesRevenue: 'revenue:sales',
  loansReceivable: 'receivable:loans',
  commissionExpense: 'expense:commission',
  refunds: 'expense:refunds',
  /** Agents' cash handed over at the office, and paid into the bank. */
  cashOffice: 'cash:office',
  bankDeposits: 'bank:deposits',
  /** Loans written off, money received on them later, fees added after the sale, early-payoff discounts. */
  badDebt: 'expense:bad-debt',
  recoveries: 'income:recoveries',
  loanFees: 'income:loan-fees',
  discounts: 'expense:discounts',
  /**
   * Paybill payments that matched nothing wait here for an admin; one returned to its payer
   * moves to refunds payable until the money is sent back. Opened on first use (openAccounts).
   */
  paybillSuspense: 'suspense:paybill',
  refundsPayable: 'payable:refunds',
} as const;

/**
 * An agent's cash on hand: what they collected and have not handed over, owed to the company.
 * Like the clearing accounts it holds money the business is owed, so its balance runs below
 * zero: cash on hand is minus the balance.
 */
export const agentCashCode = (agentId: string) => `cash:${agentId}`;

/**
 * Makes sure business accounts exist before a journal posts to them (ledger_post refuses an
 * unknown account code): an agent's cash account the first time they collect, the office and
 * bank accounts the first time cash is handed over. Existing ones are left as they are.
 */
export async function openAccounts(db: Database | Tx, accounts: { code: string; kind: LedgerAccountKind }[]) {
  await db
    .insert(ledgerAccounts)
    .values(accounts.map((a) => ({ code: a.code, kind: a.kind })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

/** Balances of business accounts by code (0 for one not opened yet). */
export async function accountBalances(db: Database | Tx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes));
  const found = new Map(rows.map((r) => [r.code, r.balance]));
  return new Map(codes.map((code) => [code, found.get(code) ?? 0]));
}

/** One line of a journal transaction: a house account by code, or a user's wallet. */
export type Posting = ({ account: string } | { wallet: string }) & { amount: number };

export type JournalEntry = {
  /** One movement per key: posting with a key already used does nothing and returns the first. */
  idempotencyKey: string;
  kind: StatementKind | string;
  description: string;
  paymentId?: string | null;
  reversesId?: string | null;
  createdBy?: string | null;
  postings: Posting[];
};

export const INSUFFICIENT_FUNDS = 'Not enough money in the wallet for this payment.';

const walletCode = (userId: string) => `wallet:${userId}`;

/**
 * Writes a journal transaction and moves the balances of its accounts, inside the caller's
 * database transaction (so the money moves only if the change it pays for commits): one call of
 * the database's `ledger_post` (see journalSql), one round trip.
 *
 * A wallet's first credit opens it with the kind its owner's account has (an agent's is an agent
 * wallet), asked of the auth feature. A wallet that would go below zero is refused with 422.
 */
export async function postJournal(tx: Tx, entry: JournalEntry): Promise<{ transactionId: string; created: boolean }> {
  const kinds = await walletKinds(tx, [entry]);
  try {
    const [row] = await executePrepared<{ journal_id: string; created: boolean }>(
      tx,
      'post_journal',
      sql`select journal_id, created from ${journalSql(entry, kinds)}`,
    );
    return { transactionId: row!.journal_id, created: row!.created };
  } catch (error) {
    throw ledgerError(error);
  }
}

/** The kind of each wallet these entries credit (it may not exist yet), from its owner's account. */
async function walletKinds(tx: Tx, entries: JournalEntry[]): Promise<Map<string, LedgerAccountKind>> {
  const credited = [
    ...new Set(entries.flatMap((e) => e.postings.flatMap((p) => ('wallet' in p && p.amount > 0 ? [p.wallet] : [])))),
  ];
  const types = credited.length > 0 ? await userTypes(tx, credited) : new Map<string, UserType>();
  const kinds = new Map<string, LedgerAccountKind>();
  for (const userId of credited) {
    const type = types.get(userId);
    if (!type) throw new Error(`No user ${userId} for a wallet`);
    kinds.set(userId, type === 'agent' ? 'agent_wallet' : 'customer_wallet');
  }
  return kinds;
}

/**
 * Many journal transactions in one round trip, by the same rules as postJournal (each under its
 * own key, so one posted before is not posted again): for a batch job that moves money for
 * hundreds of rows at once.
 */
export async function postJournals(tx: Tx, entries: JournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const kinds = await walletKinds(tx, entries);
  const calls = entries.map((entry) => sql`select journal_id from ${journalSql(entry, kinds)}`);
  try {
    await tx.execute(sql`select count(*) from (${sql.join(calls, sql` union all `)}) as posted`);
  } catch (error) {
    throw ledgerError(error);
  }
}

/**
 * The call of the database's `ledger_post` (migration 0017), the one place a journal transaction
 * is written, for postJournal or for a statement that does more around it (a wallet payment is
 * one statement: the payment, its journal transaction and its history; the key and payment id
 * may then be SQL naming the payment's new row). It returns `journal_id` and `created`.
 *
 * The rules (decision 006): the postings are non-zero whole shillings that sum to zero (checked
 * here and again by the database at commit); the key is claimed first, and a key already used
 * writes nothing and answers the first transaction; accounts move in one fixed order (wallets,
 * then house accounts, each by code), each by one row-locking UPDATE, so no two transactions
 * wait on each other in a circle; a wallet below zero breaks `ledger_wallet_not_negative`.
 * A credited wallet that may not exist yet needs its kind in `opens`.
 */
export function journalSql(
  entry: Omit<JournalEntry, 'idempotencyKey' | 'paymentId'> & {
    idempotencyKey: string | SQL;
    paymentId?: string | SQL | null;
  },
  opens: Map<string, LedgerAccountKind> = new Map(),
): SQL {
  if (entry.postings.length < 2) throw new Error('A journal transaction needs at least two postings');
  let total = 0;
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new Error(`A posting must be a non-zero whole number of shillings, got ${posting.amount}`);
    }
    total += posting.amount;
  }
  if (total !== 0) throw new Error(`Journal transaction ${String(entry.idempotencyKey)} does not balance (${total})`);
  const postings = entry.postings.map((p) =>
    'wallet' in p && p.amount > 0 ? { ...p, opens: opens.get(p.wallet) ?? null } : p,
  );
  return sql`ledger_post(${entry.idempotencyKey}, ${entry.kind}, ${entry.description}, ${entry.paymentId ?? null}::uuid,
    ${entry.reversesId ?? null}::uuid, ${entry.createdBy ?? null}, ${JSON.stringify(postings)}::jsonb)`;
}

/** A wallet going below zero, as the 422 the caller sees; any other error as it was. */
export function ledgerError(error: unknown): unknown {
  return isConstraintViolation(error, 'ledger_wallet_not_negative')
    ? new AppError('insufficient_funds', INSUFFICIENT_FUNDS, 422)
    : error;
}

/** A wallet's balance now (0 before its first posting). */
export async function walletBalance(db: Database | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, walletCode(userId)));
  return row?.balance ?? 0;
}

/**
 * A wallet's balance, its row locked until the caller's transaction ends, for a debit sized by
 * what the wallet holds: a payment or withdrawal committing meanwhile is waited for and seen,
 * and none can start until the debit is posted (0 for a wallet not opened yet: nothing to lock).
 */
export async function lockedWalletBalance(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, walletCode(userId)))
    .for('update');
  return row?.balance ?? 0;
}

export type StatementRow = {
  id: number;
  createdAt: Date;
  kind: string;
  amount: number;
  balanceAfter: number;
  description: string;
  paymentId: string | null;
};

/** A wallet's postings, newest first, after the posting id `before` (a keyset cursor). */
export async function walletStatement(
  db: Database,
  userId: string,
  options: { limit: number; before?: number },
): Promise<StatementRow[]> {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, walletCode(userId)));
  if (!account) return [];
  return db
    .select({
      id: ledgerPostings.id,
      createdAt: ledgerPostings.createdAt,
      kind: journalTransactions.kind,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      description: journalTransactions.description,
      paymentId: journalTransactions.paymentId,
    })
    .from(ledgerPostings)
    .innerJoin(journalTransactions, eq(journalTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerPostings.accountId, account.id),
        options.before !== undefined ? lt(ledgerPostings.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(ledgerPostings.id))
    .limit(options.limit);
}

/** A page of a wallet's statement, newest first: the cursor is the last line's posting id. */
export async function walletStatementPage(db: Database, userId: string, page: PageQuery): Promise<Page<StatementRow>> {
  let before: number | undefined;
  if (page.cursor !== undefined) {
    before = Number(page.cursor);
    if (!/^\d{1,16}$/.test(page.cursor) || !Number.isSafeInteger(before)) throw invalidCursor();
  }
  const rows = await walletStatement(db, userId, { limit: page.limit + 1, before });
  const items = rows.slice(0, page.limit);
  return { items, nextCursor: rows.length > page.limit ? String(items.at(-1)!.id) : null };
}

/** The postings of these journal transactions, each with its account's code, in the order written. */
export async function postingsOf(db: Database, transactionIds: string[]) {
  return db
    .select({
      transactionId: ledgerPostings.transactionId,
      account: ledgerAccounts.code,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(inArray(ledgerPostings.transactionId, transactionIds))
    .orderBy(ledgerPostings.id);
}

/** The journal transactions a payment caused, oldest first, with their postings. */
export async function journalForPayment(db: Database, paymentId: string): Promise<JournalView[]> {
  const transactions = await db
    .select()
    .from(journalTransactions)
    .where(eq(journalTransactions.paymentId, paymentId))
    .orderBy(journalTransactions.createdAt);
  if (transactions.length === 0) return [];
  const postings = await postingsOf(
    db,
    transactions.map((t) => t.id),
  );
  return transactions.map((t) => ({
    id: t.id,
    kind: t.kind,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
    postings: postings
      .filter((p) => p.transactionId === t.id)
      .map(({ account, amount, balanceAfter }) => ({ account, amount, balanceAfter })),
  }));
}

export type LedgerProblems = {
  unbalancedTransactions: number;
  accountsOffTheirPostings: number;
  negativeWallets: number;
  total: number;
};

/**
 * Checks the books: every transaction sums to zero, every balance equals the sum of its
 * postings (and the last posting's balance_after), no wallet is below zero, everything sums to zero.
 */
export async function checkLedger(db: Database): Promise<LedgerProblems> {
  const result = (await db.execute(sql`
    select
      (select count(*) from (select transaction_id from ledger_postings group by transaction_id having sum(amount) <> 0) t)::int as unbalanced,
      (select count(*) from ledger_accounts a
         where a.balance <> coalesce((select sum(amount) from ledger_postings p where p.account_id = a.id), 0)
            or a.balance <> coalesce((select balance_after from ledger_postings p where p.account_id = a.id order by id desc limit 1), 0))::int as off,
      (select count(*) from ledger_accounts where kind in ('customer_wallet', 'agent_wallet') and balance < 0)::int as negative,
      (select coalesce(sum(balance), 0) from ledger_accounts)::bigint as total`)) as unknown as {
    rows: { unbalanced: number; off: number; negative: number; total: string | number }[];
  };
  const row = result.rows[0]!;
  return {
    unbalancedTransactions: Number(row.unbalanced),
    accountsOffTheirPostings: Number(row.off),
    negativeWallets: Number(row.negative),
    total: Number(row.total),
  };
}

/** The cash all agents hold and have not handed over: minus the sum of their cash accounts' balances. */
export async function agentsCashHeld(db: Database): Promise<number> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(-sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, 'agent_cash'));
  return Number(row?.held ?? 0);
}
