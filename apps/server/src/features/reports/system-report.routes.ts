import { createRoute, z } from '@hono/zod-openapi';
import { checkedRange } from '#src/platform/date-range.ts';
import { createRouter, errorResponse, readerLanguage } from '#src/platform/http.ts';
import { pdf, pdfHeaders } from '#src/platform/route-helpers.ts';
import { staffAccess } from '#src/features/auth/roles.service.ts';
import { adminSystemReport, defaultReportDays, publicSystemReport } from './system-report.ts';

const day = (description: string) => z.string().max(10).optional().openapi({ example: '2026-03-01', description });

const systemReportRoute = createRoute({
  method: 'get',
  operationId: 'getSystemReport',
  path: '/system-report.pdf',
  tags: ['reports'],
  security: [],
  summary:
    'The system report as a PDF in the reader’s language. A signed-in admin gets all five admin reports (sales, collections, credit, agents, stock) over from–to (default: the last 30 days); anyone else a public summary in their language: service status and the price list',
  request: {
    query: z.object({
      from: day('First day (YYYY-MM-DD, Kampala), for admins; with to'),
      to: day('Last day, included, for admins; with from'),
    }),
  },
  responses: {
    200: pdf('The report'),
    422: errorResponse('For an admin: a date is not a real day, the range is reversed, or it is over a year'),
  },
});

export const systemReportRoutes = createRouter().openapi(systemReportRoute, async (c) => {
  const user = c.var.user;
  if (user && (await staffAccess(c.var.db, user, 'reports.read')) === 'ok') {
    const query = c.req.valid('query');
    const fallback = defaultReportDays();
    const range = checkedRange(query.from ?? fallback.from, query.to ?? fallback.to);
    const file = await adminSystemReport(c.var.reader, range, readerLanguage(c));
    return c.body(new Uint8Array(file), 200, pdfHeaders(`EcoGrid-system-report-${range.from}-${range.to}.pdf`));
  }
  const file = await publicSystemReport(c.var.db, c.var.jobs, readerLanguage(c));
  return c.body(new Uint8Array(file), 200, pdfHeaders('EcoGrid-prices-and-status.pdf'));
});
