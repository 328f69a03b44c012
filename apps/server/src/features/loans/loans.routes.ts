import { uuidSchema } from '@ecogrid/core';
import {
  loanApplicationSchema,
  loanDecisionSchema,
  loanPlanInputSchema,
  loanPlanSchema,
  loanSchema,
  loanSummarySchema,
  paymentChoiceSchema,
  portfolioFiguresSchema,
  portfolioFiltersSchema,
  portfolioLoanSchema,
  repaySchema,
} from '@ecogrid/core/loans';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireAdmin } from '#src/features/auth/roles.service.ts';
import { paymentDeps, paymentSchema } from '#src/features/payments/payments.service.ts';
import {
  addPlan,
  applyForLoans,
  changePlan,
  decideLoan,
  findLoan,
  loanView,
  myLoans,
  payDeposit,
  productPlans,
  repayLoan,
  withdrawApplication,
} from './loans.service.ts';
import { portfolioFigures, portfolioLoan, portfolioPage } from './portfolio.service.ts';

const loanParams = z.object({ id: uuidSchema('loan id') });
const productParams = z.object({ productId: uuidSchema('product id') });
const loan = loanSchema.openapi('Loan');
const plan = loanPlanSchema.openapi('LoanPlan');
const portfolioLoanView = portfolioLoanSchema.openapi('PortfolioLoan');

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

const adminPlansRoute = createRoute({
  method: 'get',
  operationId: 'adminListLoanPlans',
  path: '/products/{productId}/loan-plans',
  tags: ['admin', 'loans'],
  summary: "A product's credit plans, active or not",
  middleware: [requireAdmin] as const,
  request: { params: productParams },
  responses: { 200: json(z.object({ plans: z.array(plan) }), 'The plans'), ...ADMIN_DENIED },
});

const addPlanRoute = createRoute({
  method: 'post',
  operationId: 'adminCreateLoanPlan',
  path: '/products/{productId}/loan-plans',
  tags: ['admin', 'loans'],
  summary: 'Offer a product on a credit plan (audited)',
  middleware: [requireAdmin] as const,
  request: { params: productParams, ...body(loanPlanInputSchema) },
  responses: {
    201: json(plan, 'The plan'),
    400: errorResponse('Terms out of range'),
    404: errorResponse('No such product'),
    422: errorResponse('The product is not sold on credit'),
    ...ADMIN_DENIED,
  },
});

const changePlanRoute = createRoute({
  method: 'patch',
  operationId: 'adminUpdateLoanPlan',
  path: '/loan-plans/{id}',
  tags: ['admin', 'loans'],
  summary: "Change a plan's terms or withdraw it (audited); loans already made keep their terms",
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: uuidSchema('plan id') }), ...body(loanPlanInputSchema) },
  responses: {
    200: json(plan, 'The plan'),
    400: errorResponse('Terms out of range'),
    404: errorResponse('No such plan'),
    ...ADMIN_DENIED,
  },
});

const portfolioRoute = createRoute({
  method: 'get',
  operationId: 'adminListLoans',
  path: '/loans',
  tags: ['admin', 'loans'],
  summary:
    'The loan book, filtered by status, district, agent code and days past due; status=pending_approval is the approval queue, oldest first',
  middleware: [requireAdmin] as const,
  request: {
    query: portfolioFiltersSchema.extend({
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: json(z.object({ loans: z.array(portfolioLoanView), nextCursor: z.string().nullable() }), 'A page of loans'),
    ...ADMIN_DENIED,
  },
});

const figuresRoute = createRoute({
  method: 'get',
  operationId: 'adminGetLoanFigures',
  path: '/loans/figures',
  tags: ['admin', 'loans'],
  summary:
    'Portfolio figures: PAR1, PAR30, PAR60, PAR90 and collection rate in basis points, outstanding balance, loans by status',
  middleware: [requireAdmin] as const,
  responses: { 200: json(portfolioFiguresSchema, 'The figures today'), ...ADMIN_DENIED },
});

const adminLoanRoute = createRoute({
  method: 'get',
  operationId: 'adminGetLoan',
  path: '/loans/{id}',
  tags: ['admin', 'loans'],
  summary: 'A loan with its customer, schedule, payments and tokens',
  middleware: [requireAdmin] as const,
  request: { params: loanParams },
  responses: {
    200: json(
      loan.extend(
        portfolioLoanSchema.pick({ customerName: true, customerPhone: true, district: true, agentCode: true }).shape,
      ),
      'The loan',
    ),
    404: errorResponse('No such loan'),
    ...ADMIN_DENIED,
  },
});

const decisionRoute = createRoute({
  method: 'post',
  operationId: 'adminDecideLoan',
  path: '/loans/{id}/decision',
  tags: ['admin', 'loans'],
  summary: 'Approve an application waiting for approval, or refuse it with a reason (audited, the customer is told)',
  middleware: [requireAdmin] as const,
  request: { params: loanParams, ...body(loanDecisionSchema) },
  responses: {
    200: json(loan, 'The loan'),
    400: errorResponse('No reason for a refusal'),
    404: errorResponse('No such loan'),
    409: errorResponse('Already decided'),
    ...ADMIN_DENIED,
  },
});

/** Admins' loan routes, under /api/admin. */
export const adminLoanRoutes = createRouter()
  .openapi(adminPlansRoute, async (c) => {
    return c.json({ plans: await productPlans(c.var.db, c.req.valid('param').productId, false) }, 200);
  })
  .openapi(addPlanRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    return c.json(await addPlan(c.var.db, actorId, c.req.valid('param').productId, c.req.valid('json')), 201);
  })
  .openapi(changePlanRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    return c.json(await changePlan(c.var.db, actorId, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .openapi(figuresRoute, async (c) => c.json(await portfolioFigures(c.var.db), 200))
  .openapi(portfolioRoute, async (c) => {
    const page = await portfolioPage(c.var.db, c.req.valid('query'));
    return c.json({ loans: page.items, nextCursor: page.nextCursor }, 200);
  })
  .openapi(adminLoanRoute, async (c) => {
    const row = await findLoan(c.var.db, c.req.valid('param').id, null);
    const [view, people] = await Promise.all([loanView(c.var.db, row), portfolioLoan(c.var.db, row)]);
    const { customerName, customerPhone, district, agentCode } = people;
    return c.json({ ...view, customerName, customerPhone, district, agentCode }, 200);
  })
  .openapi(decisionRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const decision = c.req.valid('json');
    return c.json(
      await decideLoan(paymentDeps(c.var), {
        loanId: c.req.valid('param').id,
        actorId,
        decision: decision.decision,
        note: decision.note ?? null,
      }),
      200,
    );
  });
