import { checkId } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { assertAfricasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, type AppEnv } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { resendMessage } from './resend-message.ts';
import { deliveryReportSchema, recordSmsDelivery } from './sms-delivery.ts';

/** The token is checked before the body is read: a stranger learns nothing from its errors. */
const callbackToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAfricasTalkingToken(c.var.atCallbackToken, c.req.param('token'));
  await next();
};

const deliveryRoute = createRoute({
  method: 'post',
  operationId: 'africasTalkingSmsDelivery',
  security: [],
  path: '/callbacks/africastalking/{token}/sms-delivery',
  tags: ['callbacks'],
  middleware: [callbackToken] as const,
  summary: "Africa's Talking's SMS delivery report; the address carries a token only EcoGrid can make",
  description:
    'Records the network\'s report on the SMS with this messageId: delivered, failed (with the reason) or still pending. A token SMS that failed for a reason another try can pass (DeliveryFailure, AbsentSubscriber, Expired) is sent again, at most twice, spaced. A report about a message EcoGrid does not know answers 200 with outcome "unknown_message" and changes nothing.',
  request: {
    params: z.object({
      token: z
        .string()
        .max(200)
        .openapi({ param: { name: 'token', in: 'path' } }),
    }),
    body: {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: deliveryReportSchema.openapi('SmsDeliveryReport') } },
    },
  },
  responses: {
    200: json(
      z.object({
        received: z.literal(true),
        outcome: z.enum(['unknown_message', 'recorded', 'retry_queued']),
      }),
      'Received',
    ),
    400: errorResponse('Not a delivery report'),
    401: errorResponse("Not an address Africa's Talking was given"),
  },
});

export const smsDeliveryRoutes = createRouter().openapi(deliveryRoute, async (c) => {
  const outcome = await recordSmsDelivery(c.var.db, c.var.messages, c.req.valid('form'));
  return c.json({ received: true as const, outcome }, 200);
});

const resendRoute = createRoute({
  method: 'post',
  ...staffRight('system.change'),
  operationId: 'adminResendMessage',
  path: '/outbox/{id}/resend',
  tags: ['admin'],
  summary: 'Send a message again: a token SMS written again from its token, or one whose text is kept',
  middleware: [requireStaff('system.change')] as const,
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: {
    201: json(z.object({ id: z.string().describe('The new message in the outbox') }), 'Queued again'),
    400: errorResponse('Invalid message id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such message'),
    409: errorResponse(
      'A code or link (they expire), a message still waiting to be sent, or one whose text is neither kept nor rebuildable',
    ),
  },
});

export const adminOutboxRoutes = createRouter().openapi(resendRoute, async (c) => {
  const checked = checkId(c.req.valid('param').id, 'message ID');
  if (!checked.ok) throw badRequest(checked.message);
  return c.json(await resendMessage(c.var.db, c.var.messages, c.var.user!.id, checked.id), 201);
});
