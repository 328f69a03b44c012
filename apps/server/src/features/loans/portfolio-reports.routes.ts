import { kampalaDate } from '@ecogrid/core/credit';
import { parDaySchema, rollRatesSchema, vintageSchema } from '@ecogrid/core/portfolio-reports';
import { createRoute, z } from '@hono/zod-openapi';
import { checkedRange, dateRangeQuery } from '#src/platform/date-range.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { parHistory, rollRates, vintages } from './portfolio-history.ts';

const parHistoryRoute = createRoute({
  method: 'get',
  ...staffRight('reports.read'),
  operationId: 'adminPortfolioParHistory',
  path: '/portfolio/par-history',
  tags: ['admin', 'loans'],
  summary: 'PAR 1, 30, 60 and 90 (basis points) of each day the daily run recorded in a range of at most a year',
  middleware: [requireStaff('reports.read')] as const,
  request: { query: dateRangeQuery },
  responses: {
    200: json(z.object({ days: z.array(parDaySchema.openapi('ParDay')) }), 'The days, oldest first'),
    400: errorResponse('from or to missing'),
    422: errorResponse('A date is not a real YYYY-MM-DD day, the range is reversed, or it is over a year'),
    ...ADMIN_DENIED,
  },
});

const vintagesRoute = createRoute({
  method: 'get',
  ...staffRight('reports.read'),
  operationId: 'adminPortfolioVintages',
  path: '/portfolio/vintages',
  tags: ['admin', 'loans'],
  summary:
    'The vintage curve: by month of activation (last two years), the share of credit price repaid by each month on book',
  middleware: [requireStaff('reports.read')] as const,
  responses: {
    200: json(z.object({ vintages: z.array(vintageSchema.openapi('Vintage')) }), 'The vintages, oldest first'),
    ...ADMIN_DENIED,
  },
});

const rollRatesRoute = createRoute({
  method: 'get',
  ...staffRight('reports.read'),
  operationId: 'adminPortfolioRollRates',
  path: '/portfolio/roll-rates',
  tags: ['admin', 'loans'],
  summary: "Roll rates between arrears buckets from one month's end to the next",
  middleware: [requireStaff('reports.read')] as const,
  request: {
    query: z.object({
      month: z
        .string()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM')
        .openapi({ example: '2026-03' }),
    }),
  },
  responses: {
    200: json(rollRatesSchema.openapi('RollRates'), 'The roll rates'),
    400: errorResponse('month missing or not YYYY-MM'),
    ...ADMIN_DENIED,
  },
});

export const portfolioReportRoutes = createRouter()
  .openapi(parHistoryRoute, async (c) => {
    const { from, to } = c.req.valid('query');
    return c.json({ days: await parHistory(c.var.reader, checkedRange(from, to)) }, 200);
  })
  .openapi(vintagesRoute, async (c) => c.json({ vintages: await vintages(c.var.reader, kampalaDate(new Date())) }, 200))
  .openapi(rollRatesRoute, async (c) => c.json(await rollRates(c.var.reader, c.req.valid('query').month), 200));
