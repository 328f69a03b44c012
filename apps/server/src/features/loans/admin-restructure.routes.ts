import { extensionInputSchema, extensionQuoteQuerySchema, pauseInputSchema } from '@ecogrid/core/restructure';
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { extendLoan, quoteLoanExtension } from './extension.ts';
import { findLoan } from './loan-rows.ts';
import { loan, loanParams } from './loan-schemas.ts';
import { pauseLoan, resumeLoan } from './pause.ts';
import { extensionApplied, extensionQuote, extensionRefusals, scheduleChanges } from './restructure.routes.ts';
import { scheduleHistory } from './schedule-changes.ts';

const noLoan = { 404: errorResponse('No such loan'), ...ADMIN_DENIED };

const quoteRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetLoanExtensionQuote',
  path: '/loans/{id}/extension-quote',
  tags: ['admin', 'loans'],
  summary: 'An extension quote for a customer’s loan, to read to them before they accept (changes nothing)',
  middleware: [requireStaff('credit.read')] as const,
  request: { params: loanParams, query: extensionQuoteQuerySchema },
  responses: { 200: json(extensionQuote, 'The quote'), ...extensionRefusals, ...noLoan },
});

const extendRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminExtendLoan',
  path: '/loans/{id}/extension',
  tags: ['admin', 'loans'],
  summary: 'Apply an extension the customer accepted as quoted, on their behalf (audited; the customer is told)',
  middleware: [requireStaff('credit.change'), requireIdempotencyKey] as const,
  request: { params: loanParams, ...body(extensionInputSchema) },
  responses: { ...extensionApplied, ...noLoan },
});

const pauseRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminPauseLoan',
  path: '/loans/{id}/pause',
  tags: ['admin', 'loans'],
  summary:
    'Pause a loan while a reported device fault is open: unpaid instalments fall due the days later, no fee, no arrears, late fees or default meanwhile (audited; the customer is told)',
  middleware: [requireStaff('credit.change')] as const,
  request: { params: loanParams, ...body(pauseInputSchema.openapi('PauseInput')) },
  responses: {
    200: json(loan, 'The loan, paused'),
    400: errorResponse('The days or the reason are not valid'),
    409: errorResponse('The loan is not running, or is already paused'),
    ...noLoan,
  },
});

const resumeRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminResumeLoan',
  path: '/loans/{id}/resume',
  tags: ['admin', 'loans'],
  summary: 'End a pause early: the due dates stay where the pause moved them (audited)',
  middleware: [requireStaff('credit.change')] as const,
  request: { params: loanParams },
  responses: { 200: json(loan, 'The loan'), 409: errorResponse('The loan is not paused'), ...noLoan },
});

const historyRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetLoanScheduleChanges',
  path: '/loans/{id}/schedule-changes',
  tags: ['admin', 'loans'],
  summary: 'A loan’s schedule history, newest first, and the day a pause runs to',
  middleware: [requireStaff('credit.read')] as const,
  request: { params: loanParams },
  responses: { 200: json(scheduleChanges, 'The history'), ...noLoan },
});

/** Admins' routes for changing a running loan, under /api/admin. */
export const adminRestructureRoutes = createRouter()
  .openapi(quoteRoute, async (c) => {
    const { instalments } = c.req.valid('query');
    const loanId = c.req.valid('param').id;
    return c.json(await quoteLoanExtension(c.var.db, { loanId, userId: null, instalments }), 200);
  })
  .openapi(extendRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const { instalments, quote } = c.req.valid('json');
    const loanId = c.req.valid('param').id;
    const input = { loanId, userId: null, actorId, instalments, quote, idempotencyKey: c.var.idempotency.key };
    return c.json(await extendLoan(paymentDeps(c.var), input), 200);
  })
  .openapi(pauseRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    return c.json(
      await pauseLoan(paymentDeps(c.var), { ...c.req.valid('json'), loanId: c.req.valid('param').id, actorId }),
      200,
    );
  })
  .openapi(resumeRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    return c.json(await resumeLoan(paymentDeps(c.var), { loanId: c.req.valid('param').id, actorId }), 200);
  })
  .openapi(historyRoute, async (c) => {
    return c.json(await scheduleHistory(c.var.db, await findLoan(c.var.db, c.req.valid('param').id, null)), 200);
  });
