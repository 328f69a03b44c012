import {
  extensionInputSchema,
  extensionQuoteQuerySchema,
  extensionQuoteSchema,
  payoffInputSchema,
  payoffQuoteSchema,
  scheduleChangesSchema,
} from '@ecogrid/core/restructure';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, requireSignedIn, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { paymentDeps, paymentSchema } from '#src/features/payments/payments.service.ts';
import { extendLoan, quoteLoanExtension } from './extension.ts';
import { findLoan } from './loan-rows.ts';
import { loan, loanParams } from './loan-schemas.ts';
import { payOffLoan, quoteLoanPayoff } from './payoff.ts';
import { scheduleHistory } from './schedule-changes.ts';

export const extensionQuote = extensionQuoteSchema.openapi('ExtensionQuote');
export const scheduleChanges = scheduleChangesSchema.openapi('ScheduleChanges');
const extensionInput = extensionInputSchema.openapi('ExtensionInput');
const payoffQuote = payoffQuoteSchema.openapi('PayoffQuote');

const notMine = { ...unauthenticated, 404: errorResponse('No loan of yours has this id') };

/** What an extension may be refused for, shared with the admin's routes. */
export const extensionRefusals = {
  400: errorResponse('The number of instalments is not a whole number'),
  409: errorResponse('The loan is not running (active or in default)'),
  422: errorResponse('The number of instalments is 0 or more than the credit policy allows'),
};

const extensionQuoteRoute = createRoute({
  method: 'get',
  operationId: 'getLoanExtensionQuote',
  path: '/loans/{id}/extension-quote',
  tags: ['loans'],
  summary:
    'What adding instalments to the caller’s loan would do: the new schedule, the policy’s fee and the new total cost (changes nothing)',
  middleware: [requireSignedIn] as const,
  request: { params: loanParams, query: extensionQuoteQuerySchema },
  responses: { 200: json(extensionQuote, 'The quote'), ...extensionRefusals, ...notMine },
});

export const extensionApplied = {
  200: json(loan, 'The loan on its new schedule'),
  400: errorResponse('The body is not valid, or no Idempotency-Key'),
  409: errorResponse(
    'The quote no longer holds (quote_changed), the loan is not running, or a request with this key is still being processed',
  ),
  422: errorResponse(
    'The number of instalments is 0 or more than the policy allows, or the Idempotency-Key was used for another request',
  ),
};

const extensionRoute = createRoute({
  method: 'post',
  operationId: 'extendLoan',
  path: '/loans/{id}/extension',
  tags: ['loans'],
  summary:
    'Accept an extension as quoted: the unpaid instalments are spread over more, the fee added to what is owed; the old schedule stays in the history',
  middleware: [requireIdempotencyKey] as const,
  request: { params: loanParams, ...body(extensionInput) },
  responses: { ...extensionApplied, ...notMine },
});

const payoffQuoteRoute = createRoute({
  method: 'get',
  operationId: 'getLoanPayoffQuote',
  path: '/loans/{id}/payoff-quote',
  tags: ['loans'],
  summary: 'What paying the caller’s loan off today costs, with the credit policy’s early-payoff discount',
  request: { params: loanParams },
  responses: {
    200: json(payoffQuote, 'The quote'),
    409: errorResponse('The loan is not running (active or in default)'),
    ...notMine,
  },
});

const payoffRoute = createRoute({
  method: 'post',
  operationId: 'payOffLoan',
  path: '/loans/{id}/payoff',
  tags: ['loans'],
  summary:
    'Pay the quoted payoff amount from the wallet or by mobile money: when it settles the discount is forgiven, the loan completes and the device is unlocked',
  middleware: [requireIdempotencyKey] as const,
  request: { params: loanParams, ...body(payoffInputSchema.openapi('PayoffInput')) },
  responses: {
    200: json(z.object({ loan, payment: paymentSchema }), 'The loan, and the payment made or waiting'),
    400: errorResponse('The body is not valid, or no Idempotency-Key'),
    ...notMine,
    ...IDEMPOTENCY_RESPONSES,
    409: errorResponse(
      'The quote no longer holds (quote_changed), the loan is not running, or a request with this key is still being processed',
    ),
  },
});

const historyRoute = createRoute({
  method: 'get',
  operationId: 'getLoanScheduleChanges',
  path: '/loans/{id}/schedule-changes',
  tags: ['loans'],
  summary: 'The caller’s loan’s schedule history: each extension, pause, late fee, payoff and swap, newest first',
  request: { params: loanParams },
  responses: { 200: json(scheduleChanges, 'The history'), ...notMine },
});

/** Customers' routes for changing their running loan, under /api. */
export const restructureRoutes = createRouter()
  .openapi(extensionQuoteRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { instalments } = c.req.valid('query');
    return c.json(await quoteLoanExtension(c.var.db, { loanId: c.req.valid('param').id, userId, instalments }), 200);
  })
  .openapi(extensionRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { instalments, quote } = c.req.valid('json');
    const loanId = c.req.valid('param').id;
    const idempotencyKey = c.var.idempotency.key;
    const input = { loanId, userId, actorId: userId, instalments, quote, idempotencyKey };
    return c.json(await extendLoan(paymentDeps(c.var), input), 200);
  })
  .openapi(payoffQuoteRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await quoteLoanPayoff(c.var.db, c.req.valid('param').id, userId), 200);
  })
  .openapi(payoffRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { quote, payment } = c.req.valid('json');
    const input = { userId, loanId: c.req.valid('param').id, quote, payment, idempotency: c.var.idempotency };
    return c.json(await payOffLoan(paymentDeps(c.var), input), 200);
  })
  .openapi(historyRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await scheduleHistory(c.var.db, await findLoan(c.var.db, c.req.valid('param').id, userId)), 200);
  });
