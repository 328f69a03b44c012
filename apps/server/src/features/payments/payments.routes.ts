import { checkId } from '@ecogrid/core';
import { pageSchema } from '@ecogrid/core/page';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@ecogrid/core/payments';
import { paymentDetailSchema, paymentResolvedSchema, paymentUserSchema } from '@ecogrid/core/payments.responses';
import { createRoute, z } from '@hono/zod-openapi';
import { approvalView } from '#src/features/approvals/approvals.service.ts';
import { AppError, badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { airtelHashMatches, airtelStatus, mtnStatus } from '#src/platform/mobile-money/index.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { adminPaymentRow, listPaymentsForAdmin, paymentDetailForAdmin, resolvePayment } from './admin-payments.ts';
import { applyNetworkNews, getOwnPayment, paymentDeps, paymentSchema } from './payments.service.ts';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const validId = (value: string) => {
  const check = checkId(value, 'payment ID');
  if (!check.ok) throw badRequest(check.message);
  return check.id;
};

const ownRoute = createRoute({
  method: 'get',
  operationId: 'getPayment',
  path: '/payments/{id}',
  tags: ['payments'],
  summary: 'One of your payments',
  request: { params: idParam },
  responses: {
    200: json(paymentSchema, 'The payment'),
    400: errorResponse('Invalid payment id'),
    401: errorResponse('Not signed in'),
    404: errorResponse('Not one of your payments'),
  },
});

const callbackAnswer = json(z.object({ received: z.literal(true), outcome: z.string() }), 'Received');

const mtnCallbackSchema = z.object({
  status: z.enum(['SUCCESSFUL', 'FAILED', 'PENDING']),
  financialTransactionId: z.string().max(100).optional(),
  externalId: z.string().max(100).optional(),
  amount: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .optional(),
  currency: z.string().length(3).optional(),
  reason: z.union([z.string().max(100), z.object({ code: z.string().max(100) }).passthrough()]).optional(),
});

const mtnCallback = (method: 'put' | 'post') =>
  createRoute({
    method,
    operationId: method === 'put' ? 'mtnCallbackPut' : 'mtnCallbackPost',
    security: [{ mtnCallbackToken: [] }],
    path: '/payments/callbacks/mtn/{reference}',
    tags: ['payments'],
    summary: `MTN MoMo's callback for a request to pay or a transfer (${method.toUpperCase()}); the address carries a token only EcoGrid can make`,
    request: {
      params: z.object({ reference: z.uuid().openapi({ param: { name: 'reference', in: 'path' } }) }),
      query: z.object({ token: z.string().max(100) }),
      ...body(mtnCallbackSchema),
    },
    responses: {
      200: callbackAnswer,
      400: errorResponse('Not an MTN callback body'),
      401: errorResponse('Wrong or missing token'),
      404: errorResponse('No payment has this reference'),
      422: errorResponse('The callback contradicts the payment (amount)'),
    },
  });

const airtelCallbackSchema = z.object({
  transaction: z.object({
    id: z.string().min(1).max(100),
    message: z.string().max(500).optional(),
    status_code: z.enum(['TS', 'TF', 'TIP', 'TA']),
    airtel_money_id: z.string().max(100).optional(),
  }),
  hash: z.string().max(200),
});

const airtelCallbackRoute = createRoute({
  method: 'post',
  operationId: 'airtelCallback',
  security: [],
  path: '/payments/callbacks/airtel',
  tags: ['payments'],
  summary: "Airtel Money's callback, authenticated by its HMAC-SHA256 hash",
  request: body(airtelCallbackSchema),
  responses: {
    200: callbackAnswer,
    400: errorResponse('Not an Airtel callback body'),
    401: errorResponse('The hash does not match'),
    404: errorResponse('No payment has this transaction id'),
  },
});

const adminPaymentSchema = paymentSchema.extend({ user: paymentUserSchema }).openapi('AdminPayment');

const adminListRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminListPayments',
  path: '/admin/payments',
  tags: ['admin', 'payments'],
  summary: 'Payments, newest first, with filters and search (reference, phone, customer)',
  middleware: [requireStaff('payments.read')] as const,
  request: {
    query: z.object({
      status: z.enum(PAYMENT_STATUSES).optional(),
      purpose: z.enum(PAYMENT_PURPOSES).optional(),
      method: z.enum(PAYMENT_METHODS).optional(),
      q: z.string().trim().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(adminPaymentSchema), 'One page'),
    400: errorResponse('Bad filter or cursor'),
    ...ADMIN_DENIED,
  },
});

const adminDetailRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminGetPayment',
  path: '/admin/payments/{id}',
  tags: ['admin', 'payments'],
  summary: "A payment's full history: events, ledger postings, admin actions",
  middleware: [requireStaff('payments.read')] as const,
  request: { params: idParam },
  responses: {
    // The payment by its component name, as the list shows it.
    200: json(paymentDetailSchema.extend({ payment: adminPaymentSchema }), 'The payment and its history'),
    400: errorResponse('Invalid payment id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such payment'),
  },
});

const resolveRoute = createRoute({
  method: 'post',
  ...staffRight('payments.change'),
  operationId: 'adminResolvePayment',
  path: '/admin/payments/{id}/resolve',
  tags: ['admin', 'payments'],
  summary: 'Resolve a payment by hand: mark a stuck one failed, or refund a top-up to its number (audited)',
  middleware: [requireStaff('payments.change'), requireIdempotencyKey] as const,
  request: {
    params: idParam,
    ...body(
      z.strictObject({
        action: z.enum(['mark_failed', 'refund']),
        reason: z
          .string({ error: 'Give the reason for the record' })
          .trim()
          .min(5, 'Give the reason for the record (at least 5 characters)')
          .max(500),
      }),
    ),
  },
  responses: {
    // The payments by their component names.
    200: json(
      paymentResolvedSchema.extend({ payment: adminPaymentSchema, refund: paymentSchema.nullable() }),
      'The payment after the action, and the refund payout if one was made',
    ),
    202: json(
      z.object({ payment: adminPaymentSchema, approval: approvalView }),
      'A refund above the four-eyes threshold: it waits for a second staff member, and no money moved',
    ),
    400: errorResponse('Invalid id or body'),
    ...ADMIN_DENIED,
    404: errorResponse('No such payment'),
    ...IDEMPOTENCY_RESPONSES,
  },
});

export const paymentRoutes = createRouter()
  .openapi(ownRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await getOwnPayment(c.var.db, userId, validId(c.req.param('id'))), 200);
  })
  .openapi(airtelCallbackRoute, async (c) => {
    const body = c.req.valid('json');
    // The hash covers the transaction object as Airtel sent it, field order and all.
    const raw = (await c.req.json()) as { transaction: unknown };
    if (!airtelHashMatches(c.var.mobileMoney.airtelCallbackKey, raw.transaction, body.hash)) {
      throw new AppError('bad_signature', 'The callback hash does not match.', 401);
    }
    const responseCode = /DP\d{11}/.exec(body.transaction.message ?? '')?.[0];
    const outcome = await applyNetworkNews(
      paymentDeps(c.var),
      'airtel',
      body.transaction.id,
      airtelStatus(
        { status: body.transaction.status_code, airtel_money_id: body.transaction.airtel_money_id },
        responseCode,
      ),
      { via: 'callback', status_code: body.transaction.status_code, message: body.transaction.message ?? null },
      null,
    );
    if (outcome === 'unknown') throw new AppError('not_found', 'No payment has this transaction id.', 404);
    return c.json({ received: true as const, outcome }, 200);
  });

for (const method of ['put', 'post'] as const) {
  paymentRoutes.openapi(mtnCallback(method), async (c) => {
    const { reference } = c.req.valid('param');
    if (!c.var.mobileMoney.mtnCallbackTokenValid(reference, c.req.valid('query').token)) {
      throw new AppError('bad_signature', 'The callback token does not match.', 401);
    }
    const body = c.req.valid('json');
    const outcome = await applyNetworkNews(
      paymentDeps(c.var),
      'mtn',
      reference.toLowerCase(),
      mtnStatus(body),
      { via: 'callback', status: body.status, financialTransactionId: body.financialTransactionId ?? null },
      body.amount !== undefined ? Number(body.amount) : null,
    );
    if (outcome === 'unknown') throw new AppError('not_found', 'No payment has this reference.', 404);
    if (outcome === 'mismatch') {
      throw new AppError(
        'amount_mismatch',
        "The callback's amount is not the payment's amount; nothing was changed.",
        422,
      );
    }
    return c.json({ received: true as const, outcome }, 200);
  });
}

export const adminPaymentRoutes = createRouter()
  .openapi(adminListRoute, async (c) => c.json(await listPaymentsForAdmin(c.var.db, c.req.valid('query')), 200))
  .openapi(adminDetailRoute, async (c) =>
    c.json(await paymentDetailForAdmin(c.var.db, validId(c.req.param('id'))), 200),
  )
  .openapi(resolveRoute, async (c) => {
    const id = validId(c.req.param('id'));
    const body = c.req.valid('json');
    const { refund, approval } = await resolvePayment(paymentDeps(c.var), id, body.action, {
      adminId: c.var.user!.id,
      reason: body.reason,
      idempotencyKey: c.req.header('Idempotency-Key') ?? null,
      ipAddress: c.var.clientIp,
      userAgent: c.req.header('user-agent') ?? null,
    });
    if (approval) return c.json({ payment: await adminPaymentRow(c.var.db, id), approval }, 202);
    return c.json({ payment: await adminPaymentRow(c.var.db, id), refund }, 200);
  });
