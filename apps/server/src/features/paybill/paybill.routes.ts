import { createRoute, z } from '@hono/zod-openapi';
import { assertAfricasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { notificationSchema, receiptSchema } from './paybill.schemas.ts';
import { receivePaybillNotification } from './paybill.service.ts';

const notificationRoute = createRoute({
  method: 'post',
  operationId: 'africasTalkingPaymentNotification',
  security: [],
  path: '/callbacks/africastalking/{token}/payments',
  tags: ['payments'],
  summary:
    "Africa's Talking's payment notification (a paybill payment, category MobileC2B); the address carries a token only EcoGrid can make",
  description:
    'A successful MobileC2B payment in UGX is applied to the loan, wallet or order its clientAccount names, or held for an admin. Any other notification is recorded and moves no money. The same transactionId again changes nothing and gets the first answer.',
  request: {
    params: z.object({
      token: z
        .string()
        .max(200)
        .openapi({ param: { name: 'token', in: 'path' } }),
    }),
    ...body(notificationSchema),
  },
  responses: {
    200: json(
      z.object({ received: z.literal(true), duplicate: z.boolean(), receipt: receiptSchema }),
      'Recorded: what became of the payment',
    ),
    400: errorResponse('Not a payment notification'),
    401: errorResponse("Not an address Africa's Talking was given"),
    422: errorResponse('Cents in a shilling amount, or a payer that is not an MTN or Airtel Uganda number'),
  },
});

export const paybillRoutes = createRouter().openapi(notificationRoute, async (c) => {
  assertAfricasTalkingToken(c.var.atCallbackToken, c.req.valid('param').token);
  const { receipt, duplicate } = await receivePaybillNotification(paymentDeps(c.var), c.req.valid('json'));
  return c.json({ received: true as const, duplicate, receipt }, 200);
});
