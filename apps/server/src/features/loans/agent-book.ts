import type { LoanSummary } from '@ecogrid/core/loans';
import type { AgentLoanQuery } from '@ecogrid/core/agent-books';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { loans } from '#src/db/schema/loans.ts';
import { inIdSet } from '#src/platform/id-set.ts';
import { after, toPage, type Page } from '#src/platform/pagination.ts';
import { summaries } from './loan-views.ts';

/** The loan is one of these customers' (an agent's book runs to thousands). */
export const ofCustomers = (ids: string[]) => inIdSet(loans.userId, ids);

/** How many of these customers have a running loan (active or defaulted) in arrears (days past due above 0). */
export async function customersInArrears(db: Database, customerIds: string[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${loans.userId})::int`.mapWith(Number) })
    .from(loans)
    .where(and(ofCustomers(customerIds), inArray(loans.status, ['active', 'defaulted']), gt(loans.daysPastDue, 0)));
  return row?.count ?? 0;
}

/**
 * PAR30 of each group of customers' active loans (an agent's book, say), in one query for all
 * the groups: the share of what they owe that is on loans 30 or more days past due (0–1), or
 * null when they owe nothing. A customer in two groups counts in both.
 */
export async function par30ByGroup(db: Database, groups: Map<string, string[]>): Promise<Map<string, number | null>> {
  const pairs = [...groups].flatMap(([group, ids]) => ids.map((id) => [group, id] as const));
  const rows =
    pairs.length === 0
      ? []
      : await db
          .select({
            group: sql<string>`g.grp`,
            outstanding: sql<number>`coalesce(sum(${loans.creditPrice} - ${loans.paid}), 0)::bigint`.mapWith(Number),
            late: sql<number>`coalesce(sum(${loans.creditPrice} - ${loans.paid}) filter (where ${loans.daysPastDue} >= 30), 0)::bigint`.mapWith(
              Number,
            ),
          })
          .from(loans)
          .innerJoin(
            sql`unnest(${sql.param(pairs.map((p) => p[0]))}::text[], ${sql.param(pairs.map((p) => p[1]))}::text[]) as g(grp, customer)`,
            sql`${loans.userId} = g.customer`,
          )
          .where(eq(loans.status, 'active'))
          .groupBy(sql`g.grp`);
  const found = new Map(rows.map((r) => [r.group, r]));
  return new Map(
    [...groups.keys()].map((group) => {
      const row = found.get(group);
      return [group, row && row.outstanding > 0 ? row.late / row.outstanding : null];
    }),
  );
}

/** Loans past due: what an agent goes to collect (the arrears run keeps days past due current). */
const pastDue = and(gt(loans.daysPastDue, 0), inArray(loans.status, ['active', 'defaulted']));

/**
 * The loans of these customers, newest first, a page at a time, each with whose it is: an agent's
 * book. Read by the (user, created) index of the customers' loans; `inArrears` keeps only the
 * loans past due, or only those with nothing past due.
 */
export async function customersLoanPage(
  db: Database,
  customerIds: string[],
  query: Pick<AgentLoanQuery, 'status' | 'inArrears' | 'limit' | 'cursor'>,
): Promise<Page<LoanSummary & { userId: string }>> {
  const cursor = after(loans.createdAt, loans.id, query.cursor);
  if (customerIds.length === 0) return { items: [], nextCursor: null };
  const rows = await db
    .select()
    .from(loans)
    .where(
      and(
        ofCustomers(customerIds),
        query.status ? eq(loans.status, query.status) : undefined,
        query.inArrears === 'true' ? pastDue : query.inArrears === 'false' ? eq(loans.daysPastDue, 0) : undefined,
        cursor,
      ),
    )
    .orderBy(desc(loans.createdAt), desc(loans.id))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (row) => row);
  const views = await summaries(db, page.items);
  return { items: views.map((view, i) => ({ ...view, userId: page.items[i]!.userId })), nextCursor: page.nextCursor };
}
