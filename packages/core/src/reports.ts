import { z } from 'zod';

/**
 * The admin reports (issue 23): each is a set of tables over a range of Kampala days. A table
 * names its columns and what each holds, so the same figures become JSON, a CSV, a PDF page
 * and, in the web app, a chart beside its table.
 */
export const REPORTS = ['sales', 'collections', 'credit', 'agents', 'stock'] as const;
export type ReportName = (typeof REPORTS)[number];

/**
 * What a column holds: text (names), a code the reader's language names (cash, mtn, par30…),
 * a day or a month, whole UGX, a count, or a share in basis points.
 */
export const COLUMN_KINDS = ['text', 'code', 'day', 'month', 'money', 'count', 'bp'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** How a table is charted: bars by its first column, lines over days or months, or not at all. */
export const CHART_KINDS = ['bar', 'line', 'none'] as const;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportColumnSchema = z.object({ key: z.string(), kind: z.enum(COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportTableSchema = z.object({
  key: z.string(),
  chart: z.enum(CHART_KINDS),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.array(reportCellSchema)),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

/** Filters a report takes; each report reads those that apply to it and lists them in `filters`. */
export const reportFiltersSchema = z.object({
  district: z.string().max(80).optional(),
  category: z.string().max(80).optional(),
  agentId: z.string().max(80).optional(),
  lowStock: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const reportSchema = z.object({
  report: z.enum(REPORTS),
  from: z.string(),
  to: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
  tables: z.array(reportTableSchema),
  /** What the report could not show and why, as codes: `no_targets`. */
  notes: z.array(z.string()),
});
export type Report = z.infer<typeof reportSchema>;

/** The tables of each report, in the order they are shown. */
export const REPORT_TABLES = {
  sales: ['by_mode', 'by_day', 'by_product', 'by_category', 'by_district', 'by_agent'],
  collections: ['by_day', 'by_agent', 'by_network'],
  credit: ['portfolio', 'par_history', 'vintages', 'roll_rates', 'defaults'],
  agents: ['leaderboard'],
  stock: ['on_hand', 'movements', 'low_stock'],
} as const satisfies Record<ReportName, readonly string[]>;

/** The stock at or under which a product counts as low when the report is not told otherwise. */
export const LOW_STOCK_DEFAULT = 5;
