import { and, desc, eq, gte, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { journalTransactions } from '#src/db/schema/wallet.ts';
import { postingsOf } from './ledger.service.ts';

/** A moment as UTC text to the microsecond, which sorts as the moments do: for exact keyset paging. */
export const microsecondKey = (column: SQL.Aliased | AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One money movement as the system log lists it: what, for which payment, by whom, and its postings. */
export type JournalLogRow = {
  id: string;
  kind: string;
  description: string;
  paymentId: string | null;
  createdBy: string | null;
  createdAt: Date;
  /** When, to the microsecond, in UTC ('2026-11-28T05:00:00.123456Z'): sorts as text, pages exactly. */
  atKey: string;
  /** The money moved: the sum of the transaction's positive postings. */
  amount: number;
  postings: { account: string; amount: number }[];
};

export type JournalLogFilter = {
  start?: Date | undefined;
  end?: Date | undefined;
  /** A kind, or a prefix of kinds ending in '*' ('loan_*'). */
  kind?: string | undefined;
  createdBy?: string | undefined;
  paymentId?: string | undefined;
  /** Only movements before this one (its atKey and id), newest first (keyset paging). */
  before?: { at: string; id: string } | undefined;
  limit: number;
};

/**
 * Money movements newest first, a page at a time, with their postings: for the system log, which
 * puts them beside the admins' actions. Read through journal_created_idx (created_at, id).
 */
export async function journalLogPage(db: Database, filter: JournalLogFilter): Promise<JournalLogRow[]> {
  const t = journalTransactions;
  const where: (SQL | undefined)[] = [
    filter.start ? gte(t.createdAt, filter.start) : undefined,
    filter.end ? lt(t.createdAt, filter.end) : undefined,
    filter.kind
      ? filter.kind.endsWith('*')
        ? sql`starts_with(${t.kind}, ${filter.kind.slice(0, -1)})`
        : eq(t.kind, filter.kind)
      : undefined,
    filter.createdBy ? eq(t.createdBy, filter.createdBy) : undefined,
    filter.paymentId ? eq(t.paymentId, filter.paymentId) : undefined,
    filter.before
      ? or(
          lt(t.createdAt, sql`${filter.before.at}::timestamptz`),
          and(
            eq(t.createdAt, sql`${filter.before.at}::timestamptz`),
            lt(sql`${t.id}::text collate "C"`, filter.before.id),
          ),
        )
      : undefined,
  ];
  const rows = await db
    .select({
      id: t.id,
      kind: t.kind,
      description: t.description,
      paymentId: t.paymentId,
      createdBy: t.createdBy,
      createdAt: t.createdAt,
      atKey: microsecondKey(t.createdAt),
    })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(sql`${t.id}::text collate "C"`))
    .limit(filter.limit);
  if (rows.length === 0) return [];
  const postings = await postingsOf(
    db,
    rows.map((r) => r.id),
  );
  const byTransaction = new Map<string, typeof postings>();
  for (const p of postings) byTransaction.set(p.transactionId, [...(byTransaction.get(p.transactionId) ?? []), p]);
  return rows.map((r) => {
    const own = (byTransaction.get(r.id) ?? []).map(({ account, amount }) => ({ account, amount }));
    return {
      id: r.id,
      kind: r.kind,
      description: r.description,
      paymentId: r.paymentId,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      atKey: r.atKey,
      amount: own.reduce((sum, p) => sum + Math.max(p.amount, 0), 0),
      postings: own,
    };
  });
}
