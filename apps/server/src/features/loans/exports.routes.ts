import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '#src/platform/http.ts';
import { csv, csvHeaders } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { loansCsv, paymentsCsv } from './exports.ts';

const loansRoute = createRoute({
  method: 'get',
  ...staffRight('reports.read'),
  operationId: 'adminExportLoans',
  path: '/exports/loans.csv',
  tags: ['admin', 'loans'],
  summary: 'Every loan as CSV (streamed), in the documented column layout a credit bureau or investor takes',
  middleware: [requireStaff('reports.read')] as const,
  responses: { 200: csv('The loans, by loan number'), ...ADMIN_DENIED },
});

const paymentsRoute = createRoute({
  method: 'get',
  ...staffRight('reports.read'),
  operationId: 'adminExportLoanPayments',
  path: '/exports/payments.csv',
  tags: ['admin', 'loans'],
  summary: 'Every payment a loan took as CSV (streamed), in the documented column layout',
  middleware: [requireStaff('reports.read')] as const,
  responses: { 200: csv('The payments, oldest first'), ...ADMIN_DENIED },
});

export const exportRoutes = createRouter()
  .openapi(loansRoute, (c) => c.body(loansCsv(c.var.reader), 200, csvHeaders('EcoGrid-loans.csv')))
  .openapi(paymentsRoute, (c) => c.body(paymentsCsv(c.var.reader), 200, csvHeaders('EcoGrid-loan-payments.csv')));
