import { uuidSchema } from '@ecogrid/core';
import { KYC_STATUSES, kycDecisionSchema } from '@ecogrid/core/kyc';
import { adminKycSchema, adminKycSummarySchema } from '@ecogrid/core/kyc.responses';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { actorOf, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaffByMethod, staffRight } from '#src/features/auth/roles.service.ts';
import { downloadDocument } from './download-document.ts';
import { journeyRoutes, kyc } from './kyc-journey.routes.ts';
import { kycForReview, kycQueue } from './kyc-review.ts';
import { decideKyc } from './kyc.service.ts';

const documentRoute = createRoute({
  method: 'get',
  operationId: 'downloadKycDocument',
  path: '/kyc/documents/{document}',
  tags: ['kyc'],
  summary:
    'Download an identity document: only its owner, an admin, or an agent the owner has consented to may; anyone else gets 404',
  request: { params: z.object({ document: uuidSchema('document id') }) },
  responses: {
    200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: z.any() } } },
    ...unauthenticated,
    404: errorResponse('No such document, or not yours'),
  },
});

/** What customers (and agents for them, with their consent) call. */
export const kycRoutes = createRouter()
  .route('/', journeyRoutes('self'))
  .route('/', journeyRoutes('agent'))
  .openapi(documentRoute, async (c) => {
    const actor = actorOf(c);
    const deps = { db: c.var.db, documents: c.var.documents };
    const file = await downloadDocument(deps, c.var.user!, actor, c.req.valid('param').document);
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    }) as never;
  });

const review = adminKycSchema.openapi('KycReview');
const userParams = z.object({ userId: uuidSchema('user id') });

/** The admin review queue (/api/admin/kyc): admins with an authenticator app only. */
export const adminKycRoutes = createRouter();
adminKycRoutes.use('*', requireStaffByMethod('kyc.read', 'kyc.change'));
adminKycRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
adminKycRoutes
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('kyc.read'),
      operationId: 'adminListKyc',
      path: '/',
      tags: ['admin', 'kyc'],
      summary: 'Identity checks in one status: submitted ones oldest first (the queue), others newest decision first',
      request: {
        query: z.object({
          status: z.enum(KYC_STATUSES).default('submitted'),
          limit: z.coerce.number().int().min(1).max(100).default(20),
          cursor: z.string().max(200).optional(),
        }),
      },
      responses: {
        200: json(pageSchema(adminKycSummarySchema), 'One page'),
        400: errorResponse('Bad status, limit or cursor'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => {
      const { status, ...page } = c.req.valid('query');
      return c.json(await kycQueue(c.var.db, status, page), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('kyc.read'),
      operationId: 'adminGetKyc',
      path: '/{userId}',
      tags: ['admin', 'kyc'],
      summary:
        'One customer’s check for review: details, documents, history, and other accounts with the same ID number',
      request: { params: userParams },
      responses: { 200: json(review, 'The check'), 400: errorResponse('Bad id'), ...ADMIN_DENIED },
    }),
    async (c) => c.json(await kycForReview(c.var.db, c.req.valid('param').userId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('kyc.change'),
      operationId: 'adminDecideKyc',
      path: '/{userId}/decision',
      tags: ['admin', 'kyc'],
      summary: 'Verify, or reject with a reason the customer sees; audited and sent to the customer (kyc_update)',
      request: {
        params: userParams,
        body: { required: true, content: { 'application/json': { schema: kycDecisionSchema } } },
      },
      responses: {
        200: json(kyc, 'The check after the decision'),
        400: errorResponse('No decision, or a rejection without a reason'),
        ...ADMIN_DENIED,
        404: errorResponse('No check for this user'),
        409: errorResponse('Not waiting for review, or another verified account has the ID number'),
      },
    }),
    async (c) => {
      const { db, realtime, messages, publicUrl, documents } = c.var;
      const deps = { db, realtime, messages, publicUrl, documents };
      return c.json(await decideKyc(deps, c.req.valid('param').userId, c.req.valid('json'), actorOf(c)), 200);
    },
  );
