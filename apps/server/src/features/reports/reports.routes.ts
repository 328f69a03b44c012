import { REPORT_TABLES, REPORTS, reportFiltersSchema, reportSchema } from '@ecogrid/core/reports';
import { createRoute, z } from '@hono/zod-openapi';
import { checkedRange, dateRangeQuery } from '#src/platform/date-range.ts';
import { AppError } from '#src/platform/errors.ts';
import { createRouter, errorResponse, readerLanguage } from '#src/platform/http.ts';
import { csv, csvHeaders, json, pdf, pdfHeaders } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { reportsPdf, reportTitle, tableCsv } from './report-files.ts';
import { reportWords } from './report-words.ts';
import { buildReport } from './reports.service.ts';

const reportQuery = dateRangeQuery.extend(reportFiltersSchema.shape);
const reportParams = z.object({ report: z.enum(REPORTS).openapi({ example: 'sales' }) });
const tableParams = reportParams.extend({ table: z.string().max(40).openapi({ example: 'by_product' }) });
const RANGE_ERRORS = {
  400: errorResponse('from or to missing, an unknown report or a filter out of range'),
  422: errorResponse('A date is not a real YYYY-MM-DD day, the range is reversed, or it is over a year'),
};
const FILTERS_TEXT =
  'Filters: sales take district, category (slug) and agentId; collections and agents take agentId; stock takes category and lowStock.';

const reportRoute = createRoute({
  method: 'get',
  operationId: 'adminReport',
  path: '/reports/{report}',
  tags: ['admin', 'reports'],
  summary: `One admin report (sales, collections, credit, agents, stock) over Kampala days, as tables. ${FILTERS_TEXT}`,
  ...staffRight('reports.read'),
  middleware: [requireStaff('reports.read')] as const,
  request: { params: reportParams, query: reportQuery },
  responses: { 200: json(reportSchema.openapi('Report'), 'The report'), ...RANGE_ERRORS, ...ADMIN_DENIED },
});

const tableCsvRoute = createRoute({
  method: 'get',
  operationId: 'adminReportTableCsv',
  path: '/reports/{report}/{table}/table.csv',
  tags: ['admin', 'reports'],
  summary: "One table of a report as CSV (columns in docs/exports.md), with the report's range and filters",
  ...staffRight('reports.read'),
  middleware: [requireStaff('reports.read')] as const,
  request: { params: tableParams, query: reportQuery },
  responses: {
    200: csv('The table'),
    ...RANGE_ERRORS,
    404: errorResponse('The report has no such table'),
    ...ADMIN_DENIED,
  },
});

const reportPdfRoute = createRoute({
  method: 'get',
  operationId: 'adminReportPdf',
  path: '/reports/{report}/report.pdf',
  tags: ['admin', 'reports'],
  summary: "One report as an A4 PDF in the staff member's language: every table of it, with its range and filters",
  ...staffRight('reports.read'),
  middleware: [requireStaff('reports.read')] as const,
  request: { params: reportParams, query: reportQuery },
  responses: { 200: pdf('The report'), ...RANGE_ERRORS, ...ADMIN_DENIED },
});

export const reportRoutes = createRouter()
  .openapi(reportRoute, async (c) => {
    const { from, to, ...filters } = c.req.valid('query');
    c.header('cache-control', 'private, no-store');
    return c.json(await buildReport(c.var.reader, c.req.valid('param').report, checkedRange(from, to), filters), 200);
  })
  .openapi(tableCsvRoute, async (c) => {
    const { report: name, table: key } = c.req.valid('param');
    const { from, to, ...filters } = c.req.valid('query');
    if (!(REPORT_TABLES[name] as readonly string[]).includes(key)) {
      throw new AppError('not_found', `The ${name} report has no table ${key}.`, 404);
    }
    const report = await buildReport(c.var.reader, name, checkedRange(from, to), filters);
    const table = report.tables.find((t) => t.key === key)!;
    return c.body(tableCsv(table), 200, csvHeaders(`EcoGrid-${name}-${key}-${from}-${to}.csv`));
  })
  .openapi(reportPdfRoute, async (c) => {
    const { report: name } = c.req.valid('param');
    const { from, to, ...filters } = c.req.valid('query');
    const report = await buildReport(c.var.reader, name, checkedRange(from, to), filters);
    const words = reportWords(readerLanguage(c));
    const file = await reportsPdf(reportTitle(words, report), [report], words);
    return c.body(new Uint8Array(file), 200, pdfHeaders(`EcoGrid-${name}-${from}-${to}.pdf`));
  });
