import { uuidSchema } from '@ecogrid/core';
import { actorSchema } from '@ecogrid/core/audit';
import {
  KYC_DOCUMENT_KINDS,
  KYC_MAX_BYTES,
  KYC_STATUSES,
  LEGAL_NAME_PATTERN,
  kycAddressSchema,
  kycDocumentSchema,
  kycEventSchema,
  kycDecisionSchema,
  kycIdentitySchema,
  kycPersonalSchema,
  kycSchema,
  type KycDocumentKind,
} from '@ecogrid/core/kyc';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { badRequest, notFound } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId, uploadLimit, type AppEnv } from '#src/platform/http.ts';
import { json, unauthenticated } from '#src/platform/route-helpers.ts';
import { requireConsent } from '#src/features/agents/agents.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { ADMIN_DENIED, adminAccess, requireAdmin } from '#src/features/auth/roles.service.ts';
import { kycForReview, kycQueue } from './kyc-review.ts';
import {
  addDocument,
  decideKyc,
  findDocument,
  getKyc,
  saveAddress,
  saveIdentity,
  savePersonal,
  submitKyc,
  type KycActor,
} from './kyc.service.ts';

const kyc = kycSchema.openapi('Kyc');
/** The generator writes a regex's flags into its pattern (…$/u), which then matches nothing: the pattern as JSON Schema reads it. */
const personalSchema = kycPersonalSchema.extend({
  legalName: kycPersonalSchema.shape.legalName.openapi({ pattern: LEGAL_NAME_PATTERN.source }),
});
const locked = { 409: errorResponse('Submitted and waiting for review, or already verified: nothing can change') };

const actorOf = (c: Context<AppEnv>): KycActor => ({
  id: signedInUserId(c.var.user),
  ip: c.var.clientIp,
  userAgent: c.req.header('user-agent') ?? null,
});

const TOO_LARGE = 'The file is larger than 5 MB. Take the photo again or choose a smaller file.';

/**
 * The journey's routes, for the customer themself (/api/kyc) and for an agent acting with the
 * customer's consent (/api/agent/customers/{customerId}/kyc): the same steps and checks.
 */
function journeyRoutes(who: 'self' | 'agent') {
  const base = who === 'self' ? '/kyc' : '/agent/customers/{customerId}/kyc';
  const tags = who === 'self' ? ['kyc'] : ['agents', 'kyc'];
  const params = who === 'self' ? undefined : z.object({ customerId: uuidSchema('customer id') });
  const forWhom = who === 'self' ? 'Your' : 'The customer’s';
  const denied =
    who === 'self'
      ? unauthenticated
      : {
          ...unauthenticated,
          403: errorResponse('Not an approved agent, or the customer has not consented (or the consent expired)'),
        };
  const save = <T extends z.ZodType>(path: string, schema: T, summary: string) =>
    createRoute({
      method: 'put',
      operationId: `${who === 'self' ? 'save' : 'agentSave'}Kyc${path.charAt(0).toUpperCase()}${path.slice(1)}`,
      path: `${base}/${path}`,
      tags,
      summary,
      request: {
        ...(params ? { params } : {}),
        body: { required: true, content: { 'application/json': { schema } } },
      },
      responses: {
        200: json(kyc, `${forWhom} identity check now`),
        400: errorResponse('Not valid: the message names the field'),
        ...denied,
        ...locked,
        ...(path === 'address'
          ? { 422: errorResponse('No such district, sub-county or village, or they do not belong together') }
          : {}),
      },
    });

  /** Whose check this request is about; an agent needs the customer's unexpired consent. */
  const subjectOf = async (c: Context<AppEnv>): Promise<string> => {
    const userId = signedInUserId(c.var.user);
    if (who === 'self') return userId;
    const customerId = uuidSchema('customer id').parse(c.req.param('customerId'));
    await requireConsent(c.var.db, userId, customerId);
    return customerId;
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        operationId: who === 'self' ? 'getKyc' : 'agentGetKyc',
        path: base,
        tags,
        summary: `${forWhom} identity check: status, completion, steps done, details and documents`,
        request: params ? { params } : {},
        responses: { 200: json(kyc, 'The identity check'), 400: errorResponse('Bad id'), ...denied },
      }),
      async (c) => c.json(await getKyc(c.var.db, await subjectOf(c)), 200),
    )
    .openapi(save('personal', personalSchema, 'Step 1: legal name, date of birth (18 or older), gender'), async (c) =>
      c.json(await savePersonal(c.var.db, await subjectOf(c), c.req.valid('json')), 200),
    )
    .openapi(save('address', kycAddressSchema, 'Step 2: district, sub-county and village'), async (c) =>
      c.json(await saveAddress(c.var.db, await subjectOf(c), c.req.valid('json')), 200),
    )
    .openapi(
      save('identity', kycIdentitySchema, 'Step 3: Ugandan National ID (14-character NIN) or alien ID number'),
      async (c) => c.json(await saveIdentity(c.var.db, await subjectOf(c), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        operationId: who === 'self' ? 'uploadKycDocument' : 'agentUploadKycDocument',
        path: `${base}/documents/{document}`,
        tags,
        summary:
          'Steps 4 and 5: upload the ID document (JPEG, PNG or PDF) or a selfie (JPEG or PNG), at most 5 MB, multipart field "file"; checked by its content; photos are stored as JPEG without metadata, PDFs as sent, under a name the server makes; replaces (and deletes) the previous one; at most 10 files a day per customer',
        middleware: [uploadLimit(KYC_MAX_BYTES, TOO_LARGE)] as const,
        request: {
          params: z.object({
            ...(who === 'agent' ? { customerId: uuidSchema('customer id') } : {}),
            // One name with the download's {document} (an id there), so the two share a path template.
            document: z.enum(KYC_DOCUMENT_KINDS, { error: 'The document is id_document or selfie' }),
          }),
          body: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
              },
            },
          },
        },
        responses: {
          201: json(kyc, `${forWhom} identity check with the new document`),
          400: errorResponse('No file, or an empty one'),
          ...denied,
          ...locked,
          413: errorResponse('Larger than 5 MB'),
          415: errorResponse('Not a JPEG, PNG or PDF (selfies: JPEG or PNG), whatever its name says'),
          422: errorResponse('A photo that cannot be read, or of more than 50 megapixels'),
          429: errorResponse('The customer’s check has taken 10 files in the last 24 hours'),
        },
      }),
      async (c) => {
        const subject = await subjectOf(c);
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('Send the file as multipart/form-data, in a field named "file".');
        });
        const file = form.file;
        if (!(file instanceof File)) throw badRequest('Send the file as multipart/form-data, in a field named "file".');
        const bytes = new Uint8Array(await file.arrayBuffer());
        const kind = c.req.valid('param').document as KycDocumentKind;
        const deps = { db: c.var.db, documents: c.var.documents, log: c.var.log };
        return c.json(await addDocument(deps, subject, actorOf(c), kind, bytes), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        operationId: who === 'self' ? 'submitKyc' : 'agentSubmitKyc',
        path: `${base}/submit`,
        tags,
        summary: 'Send the completed check for review (again, after a rejection)',
        request: params ? { params } : {},
        responses: {
          200: json(kyc, 'The submitted check'),
          ...denied,
          ...locked,
          422: errorResponse('A step is missing: the message names it'),
        },
      }),
      async (c) =>
        c.json(await submitKyc({ db: c.var.db, realtime: c.var.realtime }, await subjectOf(c), actorOf(c)), 200),
    );
}

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

const FILE_NAMES: Record<KycDocumentKind, string> = { id_document: 'id-document', selfie: 'selfie' };
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

async function mayDownload(c: Context<AppEnv>, ownerId: string): Promise<boolean> {
  const viewer = c.var.user!;
  if (viewer.id === ownerId) return true;
  // Agents upload for a consenting customer but do not read identity documents back: only the
  // customer and admins do.
  return (await adminAccess(c.var.db, viewer)) === 'ok';
}

/** What customers (and agents for them, with their consent) call. */
export const kycRoutes = createRouter()
  .route('/', journeyRoutes('self'))
  .route('/', journeyRoutes('agent'))
  .openapi(documentRoute, async (c) => {
    signedInUserId(c.var.user);
    const document = await findDocument(c.var.db, c.req.valid('param').document);
    const missing = () => notFound('No such document.');
    if (!document || !(await mayDownload(c, document.userId))) throw missing();
    const bytes = await c.var.documents.get(document.storageKey);
    if (!bytes) throw missing();
    const actor = actorOf(c);
    if (actor.id !== document.userId) {
      // Who looked at someone's identity document stays on the record.
      await recordAudit(c.var.db, {
        actorId: actor.id,
        action: 'kyc.document.view',
        entityType: 'user',
        entityId: document.userId,
        details: { documentId: document.id, kind: document.kind },
        ipAddress: actor.ip,
        userAgent: actor.userAgent,
      });
    }
    const name = `${FILE_NAMES[document.kind]}-${document.createdAt.toISOString().slice(0, 10)}.${EXTENSIONS[document.contentType] ?? 'bin'}`;
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': document.contentType,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    }) as never;
  });

const queueItem = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  legalName: z.string().nullable(),
  district: z.string().nullable(),
  idType: z.enum(['national_id', 'alien_id']).nullable(),
  status: z.enum(KYC_STATUSES),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
const person = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
const review = kycSchema
  .extend({
    documents: z.array(
      kycDocumentSchema.extend({
        uploadedBy: actorSchema.describe('The customer, or the agent who uploaded it for them'),
      }),
    ),
    history: z.array(kycEventSchema.extend({ by: actorSchema.describe('Who submitted, or the admin who decided') })),
    account: person.nullable(),
    sameIdNumber: z.array(person),
  })
  .openapi('KycReview');
const userParams = z.object({ userId: uuidSchema('user id') });

/** The admin review queue (/api/admin/kyc): admins with an authenticator app only. */
export const adminKycRoutes = createRouter();
adminKycRoutes.use('*', requireAdmin);
adminKycRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
adminKycRoutes
  .openapi(
    createRoute({
      method: 'get',
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
        200: json(z.object({ items: z.array(queueItem), nextCursor: z.string().nullable() }), 'One page'),
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
