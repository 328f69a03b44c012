import { createRoute, z } from '@hono/zod-openapi';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { assertAfricasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import { createRouter, errorResponse, type AppEnv } from '#src/platform/http.ts';
import type { MiddlewareHandler } from 'hono';
import { render } from './ussd-screen.ts';
import { answerUssd } from './ussd.service.ts';

const field = (max: number, description: string) => z.string().trim().min(1).max(max).openapi({ description });

/** The form Africa's Talking posts on each step of a USSD session. */
const ussdForm = z.object({
  sessionId: field(100, "The gateway's id of the session, the same on each of its steps"),
  serviceCode: field(40, 'The code the caller dialled, like *384*21478#'),
  phoneNumber: field(20, "The caller's number, like +256772123456"),
  networkCode: z
    .string()
    .trim()
    .max(10)
    .optional()
    .openapi({ description: "The caller's network (64110 MTN Uganda, 64101 Airtel Uganda)" }),
  text: z
    .string()
    .max(500)
    .regex(/^[0-9A-Za-z#+ ]*(\*[0-9A-Za-z#+ ]*)*$/, 'text: the answers so far, joined by *')
    .default('')
    .openapi({ description: 'The answers so far joined by *, empty on the first screen' }),
});

/** Refuses (401) a post to an address that does not carry the callback token. */
const tokenChecked: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAfricasTalkingToken(c.var.atCallbackToken, c.req.param('token'));
  await next();
};

const ussdRoute = createRoute({
  method: 'post',
  operationId: 'ussdCallback',
  // Africa's Talking signs nothing: the path's token, which only EcoGrid can make, is the proof.
  security: [],
  path: '/callbacks/africastalking/{token}/ussd',
  tags: ['ussd'],
  summary:
    "Africa's Talking's USSD gateway: one step of a session, answered CON (more to come) or END, at most 182 characters on the screen",
  middleware: [tokenChecked] as const,
  request: {
    params: z.object({
      token: z
        .string()
        .max(200)
        .openapi({
          param: { name: 'token', in: 'path' },
          description: 'The callback token (AT_CALLBACK_TOKEN, or derived)',
        }),
    }),
    body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: ussdForm } } },
  },
  responses: {
    200: {
      description: 'The screen: "CON " and a menu or question, or "END " and the last words',
      content: { 'text/plain': { schema: z.string().regex(/^(CON|END) /) } },
    },
    400: errorResponse('A field is missing or not what the gateway sends'),
    401: errorResponse('Wrong callback token'),
  },
});

export const ussdRoutes = createRouter().openapi(ussdRoute, async (c) => {
  const screen = await answerUssd(paymentDeps(c.var), c.req.valid('form'));
  return c.text(render(screen), 200);
});
