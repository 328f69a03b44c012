import { uuidSchema } from '@ecogrid/core';
import {
  loanDecisionSchema,
  loanPlanInputSchema,
  portfolioFiguresSchema,
  portfolioFiltersSchema,
} from '@ecogrid/core/loans';
import { adminLoanSchema, creditHistorySchema } from '@ecogrid/core/loans.responses';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { loan, loanParams, plan, portfolioLoanView, productParams } from './loan-schemas.ts';
import { creditHistory } from './credit-history.ts';
import { addPlan, changePlan, decideLoan, findLoan, loanView, productPlans } from './loans.service.ts';
import { portfolioFigures, portfolioLoan, portfolioPage } from './portfolio.service.ts';

const adminPlansRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminListLoanPlans',
  path: '/products/{productId}/loan-plans',
  tags: ['admin', 'loans'],
  summary: "A product's credit plans, active or not",
  middleware: [requireStaff('credit.read')] as const,
  request: { params: productParams },
  responses: { 200: json(z.object({ plans: z.array(plan) }), 'The plans'), ...ADMIN_DENIED },
});

const addPlanRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminCreateLoanPlan',
  path: '/products/{productId}/loan-plans',
  tags: ['admin', 'loans'],
  summary: 'Offer a product on a credit plan (audited)',
  middleware: [requireStaff('credit.change')] as const,
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
  ...staffRight('credit.change'),
  operationId: 'adminUpdateLoanPlan',
  path: '/loan-plans/{id}',
  tags: ['admin', 'loans'],
  summary: "Change a plan's terms or withdraw it (audited); loans already made keep their terms",
  middleware: [requireStaff('credit.change')] as const,
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
  ...staffRight('credit.read'),
  operationId: 'adminListLoans',
  path: '/loans',
  tags: ['admin', 'loans'],
  summary:
    'The loan book, filtered by status, district, agent code and days past due; status=pending_approval is the approval queue, oldest first',
  middleware: [requireStaff('credit.read')] as const,
  request: {
    query: portfolioFiltersSchema.extend({
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(portfolioLoanView), 'A page of loans'),
    ...ADMIN_DENIED,
  },
});

const figuresRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetLoanFigures',
  path: '/loans/figures',
  tags: ['admin', 'loans'],
  summary:
    'Portfolio figures: PAR1, PAR30, PAR60, PAR90 and collection rate in basis points, outstanding balance, loans by status',
  middleware: [requireStaff('credit.read')] as const,
  responses: { 200: json(portfolioFiguresSchema, 'The figures today'), ...ADMIN_DENIED },
});

const adminLoanRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetLoan',
  path: '/loans/{id}',
  tags: ['admin', 'loans'],
  summary: 'A loan with its customer, schedule, payments and tokens',
  middleware: [requireStaff('credit.read')] as const,
  request: { params: loanParams },
  responses: {
    200: json(adminLoanSchema.openapi('AdminLoan'), 'The loan'),
    404: errorResponse('No such loan'),
    ...ADMIN_DENIED,
  },
});

const creditHistoryRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetLoanCreditHistory',
  path: '/loans/{id}/credit-history',
  tags: ['admin', 'loans'],
  summary:
    "What to weigh before deciding: the policy's suggestion and reasons, the customer's score, other loans and recent payments",
  middleware: [requireStaff('credit.read')] as const,
  request: { params: loanParams },
  responses: {
    200: json(creditHistorySchema.openapi('CreditHistory'), 'The credit history'),
    404: errorResponse('No such loan'),
    ...ADMIN_DENIED,
  },
});

const decisionRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminDecideLoan',
  path: '/loans/{id}/decision',
  tags: ['admin', 'loans'],
  summary: 'Approve an application waiting for approval, or refuse it with a reason (audited, the customer is told)',
  middleware: [requireStaff('credit.change')] as const,
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
  .openapi(figuresRoute, async (c) => c.json(await portfolioFigures(c.var.reader), 200))
  .openapi(portfolioRoute, async (c) => {
    return c.json(await portfolioPage(c.var.db, c.req.valid('query')), 200);
  })
  .openapi(adminLoanRoute, async (c) => {
    const row = await findLoan(c.var.db, c.req.valid('param').id, null);
    const [view, people] = await Promise.all([loanView(c.var.db, row), portfolioLoan(c.var.db, row)]);
    const { customerName, customerPhone, district, agentCode } = people;
    return c.json({ ...view, customerName, customerPhone, district, agentCode }, 200);
  })
  .openapi(creditHistoryRoute, async (c) => c.json(await creditHistory(c.var.db, c.req.valid('param').id), 200))
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
