import { followOnOfferSchema } from '@ecogrid/core/credit-policy';
import { loanApplicationSchema, loanSummarySchema, paymentChoiceSchema, repaySchema } from '@ecogrid/core/loans';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { paymentDeps, paymentSchema } from '#src/features/payments/payments.service.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { followOnOffer } from './follow-on.ts';
import { loan, loanParams, plan, productParams } from './loan-schemas.ts';
import {
  applyForLoans,
  findLoan,
  loanView,
  myLoans,
  payDeposit,
  productPlans,
  repayLoan,
  withdrawApplication,
} from './loans.service.ts';

const plansRoute = createRoute({
  method: 'get',
  operationId: 'listLoanPlans',
  security: [],
  path: '/products/{productId}/loan-plans',
  tags: ['loans'],
  summary: 'The credit plans a product is sold on (none when it is sold for cash only)',
  request: { params: productParams },
  responses: {
    200: json(z.object({ plans: z.array(plan) }), 'The active plans'),
    400: errorResponse('Invalid product id'),
  },
});

const applyRoute = createRoute({
  method: 'post',
  operationId: 'applyForLoan',
  path: '/loans/applications',
  tags: ['loans'],
  summary:
    "Check out the cart's credit lines: one loan application per unit, approved by the credit policy or queued for an admin; an approved loan's deposit is paid at once",
  middleware: [requireIdempotencyKey] as const,
  request: body(loanApplicationSchema),
  responses: {
    201: json(
      z.object({ loans: z.array(loanSummarySchema), payments: z.array(paymentSchema) }),
      'The applications, and the deposits paid or waiting for the phone',
    ),
    400: errorResponse('The body is not valid, or no Idempotency-Key'),
    ...unauthenticated,
    403: errorResponse('The identity check is not verified (kyc_required)'),
    ...IDEMPOTENCY_RESPONSES,
  },
});

const myLoansRoute = createRoute({
  method: 'get',
  operationId: 'listLoans',
  path: '/loans',
  tags: ['loans'],
  summary: "The caller's loans, newest first",
  responses: { 200: json(z.object({ loans: z.array(loanSummarySchema) }), 'The loans'), ...unauthenticated },
});

const followOnRoute = createRoute({
  method: 'get',
  operationId: 'getFollowOnOffer',
  path: '/loans/follow-on-offer',
  tags: ['loans'],
  summary:
    "Whether the caller, having paid off their loans on time, is offered the policy's lower deposit on their next loan",
  responses: {
    200: json(followOnOfferSchema, 'The offer'),
    ...unauthenticated,
  },
});

const myLoanRoute = createRoute({
  method: 'get',
  operationId: 'getLoan',
  path: '/loans/{id}',
  tags: ['loans'],
  summary: 'One of the caller’s loans, with its schedule, payments and device tokens',
  request: { params: loanParams },
  responses: { 200: json(loan, 'The loan'), ...unauthenticated, 404: errorResponse('No loan of yours has this id') },
});

const paid = json(z.object({ loan, payment: paymentSchema.nullable() }), 'The loan, and the payment made or waiting');

const depositRoute = createRoute({
  method: 'post',
  operationId: 'payLoanDeposit',
  path: '/loans/{id}/deposit',
  tags: ['loans'],
  summary: 'Pay the deposit of an approved loan, from the wallet or by mobile money; it starts the loan',
  middleware: [requireIdempotencyKey] as const,
  request: { params: loanParams, ...body(z.strictObject({ payment: paymentChoiceSchema })) },
  responses: {
    200: paid,
    400: errorResponse('The body is not valid, or no Idempotency-Key'),
    ...unauthenticated,
    404: errorResponse('No loan of yours has this id'),
    ...IDEMPOTENCY_RESPONSES,
  },
});

const repayRoute = createRoute({
  method: 'post',
  operationId: 'repayLoan',
  path: '/loans/{id}/repayments',
  tags: ['loans'],
  summary:
    'Repay any amount up to what is owed: to the oldest amount due first; each repayment buys days of use (a device token), paying off unlocks the device',
  middleware: [requireIdempotencyKey] as const,
  request: { params: loanParams, ...body(repaySchema) },
  responses: {
    200: paid,
    400: errorResponse('The body is not valid, or no Idempotency-Key'),
    ...unauthenticated,
    404: errorResponse('No loan of yours has this id'),
    ...IDEMPOTENCY_RESPONSES,
  },
});

const withdrawRoute = createRoute({
  method: 'post',
  operationId: 'withdrawLoanApplication',
  path: '/loans/{id}/withdraw',
  tags: ['loans'],
  summary:
    'Withdraw an application that has not started (waiting for approval, or the deposit unpaid): it is cancelled and the product goes back on sale; asked again, it answers with the loan',
  request: { params: loanParams },
  responses: {
    200: json(loan, 'The loan, cancelled'),
    ...unauthenticated,
    404: errorResponse('No loan of yours has this id'),
    409: errorResponse('The loan has started or was cancelled, or a deposit payment is waiting on the phone'),
  },
});

/** Customers' loan routes, under /api. */
export const loanRoutes = createRouter()
  .openapi(plansRoute, async (c) => {
    return c.json({ plans: await productPlans(c.var.db, c.req.valid('param').productId, true) }, 200);
  })
  .openapi(applyRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const result = await applyForLoans(paymentDeps(c.var), {
      userId,
      application: c.req.valid('json'),
      idempotency: c.var.idempotency,
    });
    return c.json(result, 201);
  })
  .openapi(myLoansRoute, async (c) => {
    return c.json({ loans: await myLoans(c.var.db, signedInUserId(c.var.user)) }, 200);
  })
  .openapi(followOnRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await followOnOffer(c.var.db, userId, await creditPolicyInForce(c.var.db), new Date()), 200);
  })
  .openapi(myLoanRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await loanView(c.var.db, await findLoan(c.var.db, c.req.valid('param').id, userId)), 200);
  })
  .openapi(depositRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const result = await payDeposit(paymentDeps(c.var), {
      userId,
      loanId: c.req.valid('param').id,
      payment: c.req.valid('json').payment,
      idempotency: c.var.idempotency,
    });
    return c.json(result, 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await withdrawApplication(paymentDeps(c.var), { userId, loanId: c.req.valid('param').id }), 200);
  })
  .openapi(repayRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { amount, payment } = c.req.valid('json');
    const result = await repayLoan(paymentDeps(c.var), {
      userId,
      loanId: c.req.valid('param').id,
      amount,
      payment,
      idempotency: c.var.idempotency,
    });
    return c.json(result, 200);
  });
