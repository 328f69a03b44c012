import { uuidSchema } from '@ecogrid/core';
import {
  KYC_DOCUMENT_KINDS,
  KYC_MAX_BYTES,
  LEGAL_NAME_PATTERN,
  kycAddressSchema,
  kycIdentitySchema,
  kycPersonalSchema,
  kycSchema,
  type KycDocumentKind,
} from '@ecogrid/core/kyc';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId, uploadLimit, type AppEnv } from '#src/platform/http.ts';
import { actorOf, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { requireConsent } from '#src/features/agents/agents.service.ts';
import { addDocument, getKyc, saveAddress, saveIdentity, savePersonal, submitKyc } from './kyc.service.ts';

export const kyc = kycSchema.openapi('Kyc');
/** The generator writes a regex's flags into its pattern (…$/u), which then matches nothing: the pattern as JSON Schema reads it. */
const personalSchema = kycPersonalSchema.extend({
  legalName: kycPersonalSchema.shape.legalName.openapi({ pattern: LEGAL_NAME_PATTERN.source }),
});
const locked = { 409: errorResponse('Submitted and waiting for review, or already verified: nothing can change') };

const TOO_LARGE = 'The file is larger than 5 MB. Take the photo again or choose a smaller file.';

/**
 * The journey's routes, for the customer themself (/api/kyc) and for an agent acting with the
 * customer's consent (/api/agent/customers/{customerId}/kyc): the same steps and checks.
 */
export function journeyRoutes(who: 'self' | 'agent') {
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
        c.json(
          await submitKyc(
            { db: c.var.db, realtime: c.var.realtime, messages: c.var.messages, publicUrl: c.var.publicUrl },
            await subjectOf(c),
            actorOf(c),
          ),
          200,
        ),
    );
}
