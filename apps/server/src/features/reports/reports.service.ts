import type { Report, ReportFilters, ReportName, ReportTable } from '@ecogrid/core/reports';
import type { Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { agentsReport } from './agents-report.ts';
import { collectionsReport } from './collections-report.ts';
import { creditReport } from './credit-report.ts';
import { salesReport } from './sales-report.ts';
import { stockReport } from './stock-report.ts';

/** The filters each report reads; the others are ignored and not echoed back. */
const FILTERS: Record<ReportName, (keyof ReportFilters)[]> = {
  sales: ['district', 'category', 'agentId'],
  collections: ['agentId'],
  credit: [],
  agents: ['agentId'],
  stock: ['category', 'lowStock'],
};

/** One report over a checked range: its tables, the filters it applied and its notes. */
export async function buildReport(
  db: Database,
  name: ReportName,
  range: DateRange,
  given: ReportFilters,
): Promise<Report> {
  const filters: ReportFilters = {};
  const applied: Record<string, string | number> = {};
  for (const key of FILTERS[name]) {
    const value = given[key];
    if (value === undefined || value === '') continue;
    Object.assign(filters, { [key]: value });
    applied[key] = value;
  }
  let tables: ReportTable[];
  let notes: string[] = [];
  if (name === 'sales') tables = await salesReport(db, range, filters);
  else if (name === 'collections') tables = await collectionsReport(db, range, filters);
  else if (name === 'credit') tables = await creditReport(db, range);
  else if (name === 'agents') ({ tables, notes } = await agentsReport(db, range, filters));
  else tables = await stockReport(db, range, filters);
  return { report: name, from: range.from, to: range.to, filters: applied, tables, notes };
}
