import { shareBp } from '@ecogrid/core/portfolio-reports';
import type { ReportFilters, ReportTable } from '@ecogrid/core/reports';
import type { Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { collectionsByAgent, collectionsByDay } from '#src/features/loans/loans.service.ts';
import { loanCollectionsByMethod } from '#src/features/payments/payments.service.ts';
import { namesOf, table } from './report-table.ts';

/**
 * Collections: instalments due against deposits and repayments taken, by day and by the agent
 * who sold the loan, and the money taken for loans by network (MTN, Airtel, cash, wallet).
 */
export async function collectionsReport(
  db: Database,
  range: DateRange,
  filters: ReportFilters,
): Promise<ReportTable[]> {
  const [byDay, byAgent, byNetwork] = await Promise.all([
    collectionsByDay(db, range, filters.agentId),
    collectionsByAgent(db, range, filters.agentId),
    loanCollectionsByMethod(db, range, filters.agentId),
  ]);
  const names = await namesOf(
    db,
    byAgent.map((r) => r.key),
  );
  return [
    table(
      'by_day',
      'line',
      ['day:day', 'expected:money', 'collected:money', 'payments:count'],
      byDay.map((r) => [r.key, r.expected, r.collected, r.payments]),
    ),
    table(
      'by_agent',
      'bar',
      ['agent:text', 'expected:money', 'collected:money', 'collected_share:bp'],
      byAgent.map((r) => [
        r.key ? (names.get(r.key) ?? null) : null,
        r.expected,
        r.collected,
        shareBp(r.collected, r.expected),
      ]),
    ),
    table(
      'by_network',
      'bar',
      ['network:code', 'amount:money', 'payments:count'],
      byNetwork.map((r) => [r.method, r.amount, r.payments]),
    ),
  ];
}
