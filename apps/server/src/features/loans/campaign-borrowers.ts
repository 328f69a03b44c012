import { ARREARS_BUCKETS, type ArrearsBucket } from '@ecogrid/core/collections';
import type { LoanStatus } from '@ecogrid/core/credit';
import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loans } from '#src/db/schema/loans.ts';

/** Days past due of each arrears bucket, [from, to) (as arrearsBucket in core). */
const BUCKET_DAYS: Record<ArrearsBucket, [number, number | null]> = {
  current: [0, 1],
  par1: [1, 30],
  par30: [30, 60],
  par60: [60, 90],
  par90: [90, null],
};

const inBucket = (bucket: ArrearsBucket): SQL => {
  const [from, to] = BUCKET_DAYS[bucket];
  return to === null
    ? sql`${loans.daysPastDue} >= ${from}`
    : sql`(${loans.daysPastDue} >= ${from} and ${loans.daysPastDue} < ${to})`;
};

/**
 * Customers with a loan in one of these statuses and, when buckets are given, in one of these
 * arrears buckets (only an active or defaulted loan is in a bucket). For an SMS campaign's segment.
 */
export async function customerIdsByLoan(
  db: Database | Tx,
  filter: { statuses: LoanStatus[]; buckets: ArrearsBucket[] },
): Promise<string[]> {
  if (filter.statuses.length === 0 && filter.buckets.length === 0) return [];
  const buckets = ARREARS_BUCKETS.filter((b) => filter.buckets.includes(b));
  const rows = await db
    .selectDistinct({ userId: loans.userId })
    .from(loans)
    .where(
      and(
        filter.statuses.length > 0 ? inArray(loans.status, filter.statuses) : undefined,
        buckets.length > 0 ? inArray(loans.status, ['active', 'defaulted']) : undefined,
        buckets.length > 0 ? or(...buckets.map(inBucket)) : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}
