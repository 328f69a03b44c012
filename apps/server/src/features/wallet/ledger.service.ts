import type { StatementKind } from '@ecogrid/core/payments';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { journalTransactions, ledgerAccounts, ledgerPostings } from '#src/db/schema/wallet.ts';
import { isConstraintViolation } from '#src/platform/db-errors.ts';
import { AppError } from '#src/platform/errors.ts';

/** The business's own accounts, created by the migration. */
export const HOUSE_ACCOUNTS = {
  clearing: { mtn: 'clearing:mtn', airtel: 'clearing:airtel' },
  payouts: { mtn: 'payouts:mtn', airtel: 'payouts:airtel' },
  salesRevenue: 'revenue:sales',
  loansReceivable: 'receivable:loans',
  commissionExpense: 'expense:commission',
  refunds: 'expense:refunds',
} as const;

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
 * database transaction (so the money moves only if the change it pays for commits).
 *
 * Each balance is changed by one UPDATE (or, for a wallet's first posting, an INSERT … ON
 * CONFLICT), which locks the row until commit; a wallet that would go below zero breaks the
 * `ledger_wallet_not_negative` constraint and the whole transaction is refused with 422.
 * Accounts are touched in a fixed order (wallets, then house accounts), so two transactions
 * never wait for each other in a circle. The database checks at commit that the postings sum to zero.
 */
export async function postJournal(tx: Tx, entry: JournalEntry): Promise<{ transactionId: string; created: boolean }> {
  if (entry.postings.length < 2) throw new Error('A journal transaction needs at least two postings');
  let total = 0;
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new Error(`A posting must be a non-zero whole number of shillings, got ${posting.amount}`);
    }
    total += posting.amount;
  }
  if (total !== 0) throw new Error(`Journal transaction ${entry.idempotencyKey} does not balance (${total})`);

  const [inserted] = await tx
    .insert(journalTransactions)
    .values({
      idempotencyKey: entry.idempotencyKey,
      kind: entry.kind,
      description: entry.description,
      paymentId: entry.paymentId ?? null,
      reversesId: entry.reversesId ?? null,
      createdBy: entry.createdBy ?? null,
    })
    .onConflictDoNothing({ target: journalTransactions.idempotencyKey })
    .returning({ id: journalTransactions.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: journalTransactions.id })
      .from(journalTransactions)
      .where(eq(journalTransactions.idempotencyKey, entry.idempotencyKey));
    return { transactionId: existing!.id, created: false };
  }

  // Wallets first, then house accounts, each group by code: one order for every transaction (so
  // none waits on another in a circle), and the busy house rows locked for the shortest time.
  const lines = entry.postings
    .map((p) => ({
      code: 'wallet' in p ? walletCode(p.wallet) : p.account,
      wallet: 'wallet' in p ? p.wallet : null,
      amount: p.amount,
    }))
    .sort((a, b) => Number(!a.wallet) - Number(!b.wallet) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const rows: { transactionId: string; accountId: string; amount: number; balanceAfter: number }[] = [];
  for (const line of lines) {
    const moved = await (line.wallet
      ? moveWallet(tx, line.wallet, line.amount)
      : moveHouse(tx, line.code, line.amount));
    rows.push({ transactionId: inserted.id, accountId: moved.id, amount: line.amount, balanceAfter: moved.balance });
  }
  await tx.insert(ledgerPostings).values(rows);
  return { transactionId: inserted.id, created: true };
}

async function moveHouse(tx: Tx, code: string, amount: number) {
  const [row] = await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
    .where(eq(ledgerAccounts.code, code))
    .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
  if (!row) throw new Error(`No ledger account ${code}`);
  return row;
}

/**
 * A wallet's balance moves. Money in opens the account on its first posting (an agent's is an
 * agent wallet); money out needs an account whose balance covers it.
 */
async function moveWallet(tx: Tx, userId: string, amount: number) {
  try {
    if (amount < 0) {
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
        .where(eq(ledgerAccounts.code, walletCode(userId)))
        .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
      if (!row) throw new AppError('insufficient_funds', INSUFFICIENT_FUNDS, 422);
      return row;
    }
    const result = (await tx.execute(sql`
      insert into ledger_accounts (code, kind, user_id, balance)
      select ${walletCode(userId)},
             case when u.user_type = 'agent' then 'agent_wallet' else 'customer_wallet' end,
             u.id, ${amount}
        from users u where u.id = ${userId}
      on conflict (code) do update set balance = ledger_accounts.balance + excluded.balance
      returning id, balance`)) as unknown as { rows: { id: string; balance: string | number }[] };
    const row = result.rows[0];
    if (!row) throw new Error(`No user ${userId} for a wallet`);
    return { id: row.id, balance: Number(row.balance) };
  } catch (error) {
    throw ledgerError(error);
  }
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

export type JournalView = {
  id: string;
  kind: string;
  description: string;
  createdAt: string;
  postings: { account: string; amount: number; balanceAfter: number }[];
};

/** The journal transactions a payment caused, oldest first, with their postings. */
export async function journalForPayment(db: Database, paymentId: string): Promise<JournalView[]> {
  const transactions = await db
    .select()
    .from(journalTransactions)
    .where(eq(journalTransactions.paymentId, paymentId))
    .orderBy(journalTransactions.createdAt);
  if (transactions.length === 0) return [];
  const postings = await db
    .select({
      transactionId: ledgerPostings.transactionId,
      account: ledgerAccounts.code,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      inArray(
        ledgerPostings.transactionId,
        transactions.map((t) => t.id),
      ),
    )
    .orderBy(ledgerPostings.id);
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

/**
 * A payment from a wallet to a house account, for the statement the caller builds around it:
 * the call of the database's `ledger_wallet_to_house` (migration 0008), which writes the journal
 * transaction and both postings under the same rules as postJournal, in one round trip.
 */
export function walletToHouseSql(entry: {
  idempotencyKey: SQL;
  kind: string;
  description: string;
  paymentId: SQL;
  userId: string;
  amount: number;
  house: string;
}): SQL {
  return sql`ledger_wallet_to_house(${entry.idempotencyKey}, ${entry.kind}, ${entry.description}, ${entry.paymentId}, ${entry.userId}, ${entry.amount}::bigint, ${entry.house})`;
}
