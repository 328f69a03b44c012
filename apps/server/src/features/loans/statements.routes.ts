import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { pdf, pdfHeaders, unauthenticated } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { loanParams } from './loan-schemas.ts';
import { loanStatement } from './loan-statement.ts';

const myStatementRoute = createRoute({
  method: 'get',
  operationId: 'getLoanStatement',
  path: '/loans/{id}/statement.pdf',
  tags: ['loans'],
  summary:
    "One of the caller's loans as a PDF statement in their language: schedule, payments, tokens, cost of credit, balance",
  request: { params: loanParams },
  responses: {
    200: pdf('The statement'),
    400: errorResponse('Bad id'),
    ...unauthenticated,
    404: errorResponse('No loan of yours has this id'),
  },
});

const adminStatementRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetLoanStatement',
  path: '/admin/loans/{id}/statement.pdf',
  tags: ['admin', 'loans'],
  summary: "Any loan's PDF statement, in its customer's language",
  middleware: [requireStaff('credit.read')] as const,
  request: { params: loanParams },
  responses: {
    200: pdf('The statement'),
    400: errorResponse('Bad id'),
    404: errorResponse('No such loan'),
    ...ADMIN_DENIED,
  },
});

export const loanStatementRoutes = createRouter()
  .openapi(myStatementRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { pdf: statement, number } = await loanStatement(c.var.db, c.req.valid('param').id, userId);
    return c.body(new Uint8Array(statement), 200, pdfHeaders(`EcoGrid-statement-${number}.pdf`));
  })
  .openapi(adminStatementRoute, async (c) => {
    const { pdf: statement, number } = await loanStatement(c.var.db, c.req.valid('param').id, null);
    return c.body(new Uint8Array(statement), 200, pdfHeaders(`EcoGrid-statement-${number}.pdf`));
  });
