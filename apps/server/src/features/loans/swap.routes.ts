import { deviceSwapInputSchema, deviceSwapQuoteSchema } from '@ecogrid/core/devices';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { loan, loanParams } from './loan-schemas.ts';
import { previewSwap, swapDevice } from './swap.ts';

const swapInput = deviceSwapInputSchema.openapi('DeviceSwapInput');
const swapQuote = deviceSwapQuoteSchema.openapi('DeviceSwapQuote');

const refusals = {
  400: errorResponse('A bad serial number, reason or charge'),
  404: errorResponse('No such loan'),
  409: errorResponse('The loan has no unit to swap, the unit named is not in stock, or none is'),
  422: errorResponse('No unit has that serial number, or it is another product'),
  ...ADMIN_DENIED,
};

const previewRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminPreviewDeviceSwap',
  path: '/loans/{id}/swap/preview',
  tags: ['admin', 'loans'],
  summary:
    'What moving a loan to a replacement unit would do: the unit, warranty, charge and days carried (changes nothing)',
  middleware: [requireStaff('credit.change')] as const,
  request: { params: loanParams, ...body(swapInput) },
  responses: { 200: json(swapQuote, 'The quote'), ...refusals },
});

const swapRoute = createRoute({
  method: 'post',
  ...staffRight('credit.change'),
  operationId: 'adminSwapDevice',
  path: '/loans/{id}/swap',
  tags: ['admin', 'loans'],
  summary:
    'Move a loan to a replacement unit: the old one returned, the new one sent the days paid for (SET_TIME); a charge must be confirmed (audited, the customer is texted the token)',
  middleware: [requireStaff('credit.change')] as const,
  request: { params: loanParams, ...body(swapInput) },
  responses: {
    200: json(z.object({ swap: swapQuote, loan }), 'The swap and the loan'),
    ...refusals,
    409: errorResponse('The charge is not confirmed, the loan has no unit to swap, or no unit is in stock'),
  },
});

/** Admins' device swap routes, under /api/admin. */
export const swapRoutes = createRouter()
  .openapi(previewRoute, async (c) => {
    return c.json(await previewSwap(paymentDeps(c.var), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .openapi(swapRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const input = { ...c.req.valid('json'), loanId: c.req.valid('param').id, actorId };
    return c.json(await swapDevice(paymentDeps(c.var), input), 200);
  });
