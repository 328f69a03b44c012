import { guessNetwork } from '@ecogrid/core';
import {
  STATEMENT_KINDS,
  topUpRequestSchema,
  ugandanMobile,
  withdrawalRequestSchema,
  type StatementKind,
} from '@ecogrid/core/payments';
import { pageSchema } from '@ecogrid/core/page';
import { walletSchema, statementLineSchema, withdrawalCodeSchema } from '@ecogrid/core/wallet.responses';
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, idempotencyKeyHeader, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { deliveryContacts } from '#src/features/auth/profile.service.ts';
import { checkStepUpCode, sendStepUpCode, stepUpMethods } from '#src/features/auth/step-up.service.ts';
import {
  paymentDeps,
  paymentReferences,
  paymentSchema,
  pendingPayments,
  startTopUp,
  startWithdrawal,
} from '#src/features/payments/payments.service.ts';
import { walletBalance, walletStatementPage } from './ledger.service.ts';

const walletView = walletSchema.openapi('Wallet');

const walletRoute = createRoute({
  method: 'get',
  operationId: 'getWallet',
  path: '/wallet',
  tags: ['wallet'],
  summary: 'Your wallet: balance, payments awaiting approval, and how withdrawals are confirmed',
  responses: {
    200: json(walletView, 'The wallet'),
    ...unauthenticated,
  },
});

const statementRoute = createRoute({
  method: 'get',
  operationId: 'getWalletStatement',
  path: '/wallet/statement',
  tags: ['wallet'],
  summary: 'Your wallet statement, newest first, with the running balance',
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z.string().max(30).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(statementLineSchema.openapi('StatementLine')), 'One page of the statement'),
    400: errorResponse('Bad limit or cursor'),
    ...unauthenticated,
  },
});

const topUpRoute = createRoute({
  method: 'post',
  operationId: 'topUpWallet',
  path: '/wallet/top-ups',
  tags: ['wallet'],
  summary: 'Top up your wallet by mobile money: the network asks you to approve on your phone',
  middleware: [requireIdempotencyKey] as const,
  request: {
    headers: idempotencyKeyHeader,
    ...body(topUpRequestSchema),
  },
  responses: {
    202: json(paymentSchema, 'The payment, pending until you approve it'),
    400: errorResponse('Bad amount, number or network, or no Idempotency-Key'),
    ...unauthenticated,
    ...IDEMPOTENCY_RESPONSES,
  },
});

const codeRoute = createRoute({
  method: 'post',
  operationId: 'sendWithdrawalCode',
  path: '/wallet/withdrawals/code',
  tags: ['wallet'],
  summary: 'Text a code to your confirmed phone, to confirm a withdrawal',
  responses: {
    200: json(withdrawalCodeSchema, 'Where the code went'),
    ...unauthenticated,
    422: errorResponse('No confirmed phone number'),
    429: errorResponse('This number has had its codes for the hour: the message says how many minutes to wait'),
  },
});

const withdrawRoute = createRoute({
  method: 'post',
  operationId: 'withdrawFromWallet',
  path: '/wallet/withdrawals',
  tags: ['wallet'],
  summary: 'Withdraw from your wallet to mobile money, confirmed by an SMS or authenticator-app code',
  middleware: [requireIdempotencyKey] as const,
  request: {
    headers: idempotencyKeyHeader,
    ...body(withdrawalRequestSchema),
  },
  responses: {
    202: json(paymentSchema, 'The payout, pending until the network pays it'),
    400: errorResponse('Bad amount, number, network or code format, or no Idempotency-Key'),
    ...unauthenticated,
    ...IDEMPOTENCY_RESPONSES,
  },
});

export const walletRoutes = createRouter()
  .openapi(walletRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const db = c.var.db;
    const [balance, contacts, pending, check] = await Promise.all([
      walletBalance(db, userId),
      deliveryContacts(db, userId),
      pendingPayments(db, userId),
      stepUpMethods(db, userId),
    ]);
    const phone = contacts?.phone ? ugandanMobile(contacts.phone) : null;
    return c.json(
      {
        balance,
        phone,
        network: phone ? guessNetwork(phone) : null,
        pending,
        withdrawalCheck: check,
        sandbox: c.var.mobileMoney.sandbox.mtn || c.var.mobileMoney.sandbox.airtel,
      },
      200,
    );
  })
  .openapi(statementRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { limit, cursor } = c.req.valid('query');
    const { items: page, nextCursor } = await walletStatementPage(c.var.db, userId, { limit, cursor });
    const references = await paymentReferences(c.var.db, [
      ...new Set(page.flatMap((r) => (r.paymentId ? [r.paymentId] : []))),
    ]);
    return c.json(
      {
        items: page.map((r) => ({
          id: String(r.id),
          createdAt: r.createdAt.toISOString(),
          kind: (STATEMENT_KINDS as readonly string[]).includes(r.kind) ? (r.kind as StatementKind) : 'adjustment',
          amount: r.amount,
          balanceAfter: r.balanceAfter,
          reference: r.paymentId ? (references.get(r.paymentId) ?? null) : null,
          description: r.description,
        })),
        nextCursor,
      },
      200,
    );
  })
  .openapi(topUpRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const body = c.req.valid('json');
    const payment = await startTopUp(paymentDeps(c.var), {
      userId,
      amount: body.amount,
      phone: ugandanMobile(body.phone)!,
      network: body.network,
      idempotencyKey: c.req.header('Idempotency-Key') ?? null,
    });
    return c.json(payment, 202);
  })
  .openapi(codeRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const client = { ipAddress: c.req.header('x-client-ip') ?? null, userAgent: c.req.header('user-agent') ?? null };
    return c.json(await sendStepUpCode(c.var.db, c.var.messages, userId, 'withdrawal', client), 200);
  })
  .openapi(withdrawRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const body = c.req.valid('json');
    // Refused before the code is used up; the ledger's constraint is what really guards the balance.
    if (body.amount > (await walletBalance(c.var.db, userId))) {
      throw new AppError('insufficient_funds', 'Not enough money in your wallet for this withdrawal.', 422);
    }
    await checkStepUpCode(c.var.db, c.var.authSecret, userId, 'withdrawal', body.code);
    const payment = await startWithdrawal(paymentDeps(c.var), {
      userId,
      amount: body.amount,
      phone: ugandanMobile(body.phone)!,
      network: body.network,
      idempotencyKey: c.req.header('Idempotency-Key') ?? null,
    });
    return c.json(payment, 202);
  });
