import { createRoute, z } from '@hono/zod-openapi';
import { dateRangeQuery, checkedRange } from '#src/platform/date-range.ts';
import { createRouter, errorResponse, requireSignedIn, signedInUserId } from '#src/platform/http.ts';
import { pdf, pdfHeaders, unauthenticated } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { walletStatementFile } from './wallet-statement.ts';

const RANGE_REFUSED = errorResponse('A date is not a real YYYY-MM-DD day, the range is reversed, or it is over a year');

const myStatementRoute = createRoute({
  method: 'get',
  operationId: 'getWalletStatementPdf',
  path: '/wallet/statement.pdf',
  tags: ['wallet'],
  summary: "The caller's wallet statement for a range of days (at most a year) as a PDF, in their language",
  middleware: [requireSignedIn] as const,
  request: { query: dateRangeQuery },
  responses: {
    200: pdf('The statement'),
    400: errorResponse('from or to missing'),
    ...unauthenticated,
    422: RANGE_REFUSED,
  },
});

const adminStatementRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminGetWalletStatementPdf',
  path: '/admin/users/{id}/wallet/statement.pdf',
  tags: ['admin', 'wallet'],
  summary: "A customer's wallet statement for a range of days (at most a year) as a PDF, in their language",
  middleware: [requireStaff('payments.read')] as const,
  request: { params: z.object({ id: z.string().min(1).max(64) }), query: dateRangeQuery },
  responses: {
    200: pdf('The statement'),
    400: errorResponse('from or to missing'),
    404: errorResponse('No customer has this id'),
    422: RANGE_REFUSED,
    ...ADMIN_DENIED,
  },
});

export const walletStatementRoutes = createRouter()
  .openapi(myStatementRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { from, to } = c.req.valid('query');
    const { pdf: statement, filename } = await walletStatementFile(c.var.db, userId, checkedRange(from, to));
    return c.body(new Uint8Array(statement), 200, pdfHeaders(filename));
  })
  .openapi(adminStatementRoute, async (c) => {
    const { from, to } = c.req.valid('query');
    const range = checkedRange(from, to);
    const { pdf: statement, filename } = await walletStatementFile(c.var.db, c.req.valid('param').id, range);
    return c.body(new Uint8Array(statement), 200, pdfHeaders(filename));
  });
