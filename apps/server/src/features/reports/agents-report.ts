import type { ReportFilters, ReportTable } from '@ecogrid/core/reports';
import type { Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { commissionByAgent, targetsOver } from '#src/features/agents/agents.service.ts';
import { collectionsByAgent } from '#src/features/loans/loans.service.ts';
import { salesGrouped } from '#src/features/orders/orders.service.ts';
import { monthsOf, namesOf, table } from './report-table.ts';

/**
 * Agents: each agent's sales (orders they sold, paid in the range), collections on the loans
 * they sold, their targets for the months the range touches (summed; null where none was set)
 * and the commission they earned. Sales and collections made without an agent are left out.
 */
export async function agentsReport(
  db: Database,
  range: DateRange,
  filters: ReportFilters,
): Promise<{ tables: ReportTable[]; notes: string[] }> {
  const [sales, collections, commission, targets] = await Promise.all([
    salesGrouped(db, range, 'agent', { agentId: filters.agentId }),
    collectionsByAgent(db, range, filters.agentId),
    commissionByAgent(db, range),
    targetsOver(db, monthsOf(range)),
  ]);
  const ids = new Set<string>();
  for (const r of [...sales, ...collections]) if (r.key) ids.add(r.key);
  for (const r of [...commission, ...targets]) ids.add(r.agentId);
  if (filters.agentId) for (const id of ids) if (id !== filters.agentId) ids.delete(id);
  const names = await namesOf(db, [...ids]);
  const rows = [...ids].map((id) => {
    const target = targets.find((t) => t.agentId === id);
    return [
      names.get(id) ?? null,
      sales.find((s) => s.key === id)?.amount ?? 0,
      target ? target.sales : null,
      collections.find((c) => c.key === id)?.collected ?? 0,
      target ? target.collections : null,
      commission.find((c) => c.agentId === id)?.amount ?? 0,
    ] as [string | null, number, number | null, number, number | null, number];
  });
  rows.sort((a, b) => b[1] - a[1] || b[3] - a[3] || String(a[0]).localeCompare(String(b[0])));
  return {
    tables: [
      table(
        'leaderboard',
        'bar',
        [
          'agent:text',
          'sales:money',
          'sales_target:money',
          'collections:money',
          'collections_target:money',
          'commission:money',
        ],
        rows,
      ),
    ],
    notes: targets.length === 0 ? ['no_targets'] : [],
  };
}
