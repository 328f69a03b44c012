import { uuidSchema } from '@ecogrid/core';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { assignSchema, receiptSchema, returnSchema } from './paybill.schemas.ts';
import { assignReceipt, customersForReceipt, heldReceipts, returnReceipt } from './paybill.service.ts';

const idParam = z.object({ id: uuidSchema('receipt id') });

const listRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminListPaybillReceipts',
  path: '/admin/paybill/receipts',
  tags: ['admin', 'payments'],
  summary: 'Paybill payments that matched nothing, oldest first, waiting to be assigned or returned',
  middleware: [requireStaff('payments.read')] as const,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: { 200: json(pageSchema(receiptSchema), 'One page'), 400: errorResponse('Bad cursor'), ...ADMIN_DENIED },
});

const customerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    accountNumber: z.string(),
    loans: z.array(z.object({ id: z.uuid(), number: z.string() })),
  })
  .openapi('PaybillCustomer');

const customersRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminFindPaybillCustomers',
  path: '/admin/paybill/customers',
  tags: ['admin', 'payments'],
  summary: 'Customers a held receipt may go to, by name, phone or account number, with their loans taking repayments',
  middleware: [requireStaff('payments.read')] as const,
  request: { query: z.object({ q: z.string().trim().min(2, 'Type at least 2 characters').max(100) }) },
  responses: {
    200: json(z.object({ items: z.array(customerSchema) }), 'At most 10 customers'),
    400: errorResponse('Search text missing or too long'),
    ...ADMIN_DENIED,
  },
});

const decided = {
  200: json(receiptSchema, 'The receipt after the decision'),
  400: errorResponse('Invalid id or body'),
  ...ADMIN_DENIED,
  404: errorResponse('No such receipt'),
  ...IDEMPOTENCY_RESPONSES,
  409: errorResponse('Already assigned or returned, or the same Idempotency-Key is still being handled'),
};

const assignRoute = createRoute({
  method: 'post',
  ...staffRight('payments.change'),
  operationId: 'adminAssignPaybillReceipt',
  path: '/admin/paybill/receipts/{id}/assign',
  tags: ['admin', 'payments'],
  summary: "Give a held paybill payment to a customer's wallet, or to one of their loans (audited)",
  middleware: [requireStaff('payments.change'), requireIdempotencyKey] as const,
  request: { params: idParam, ...body(assignSchema) },
  responses: {
    ...decided,
    422: errorResponse(
      'Not a customer, not a loan of theirs taking repayments, or the Idempotency-Key used for another request',
    ),
  },
});

const returnRoute = createRoute({
  method: 'post',
  ...staffRight('payments.change'),
  operationId: 'adminReturnPaybillReceipt',
  path: '/admin/paybill/receipts/{id}/return',
  tags: ['admin', 'payments'],
  summary: 'Mark a held paybill payment as going back to its payer, with the reason (audited)',
  middleware: [requireStaff('payments.change'), requireIdempotencyKey] as const,
  request: { params: idParam, ...body(returnSchema) },
  responses: decided,
});

export const adminPaybillRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await heldReceipts(c.var.db, c.req.valid('query')), 200))
  .openapi(customersRoute, async (c) =>
    c.json({ items: await customersForReceipt(c.var.db, c.req.valid('query').q) }, 200),
  )
  .openapi(assignRoute, async (c) => {
    const input = c.req.valid('json');
    const receipt = await assignReceipt(paymentDeps(c.var), {
      adminId: signedInUserId(c.var.user),
      receiptId: c.req.valid('param').id,
      customerId: input.customerId,
      loanId: input.loanId,
    });
    return c.json(receipt, 200);
  })
  .openapi(returnRoute, async (c) => {
    const receipt = await returnReceipt(c.var.db, {
      adminId: signedInUserId(c.var.user),
      receiptId: c.req.valid('param').id,
      reason: c.req.valid('json').reason,
    });
    return c.json(receipt, 200);
  });
