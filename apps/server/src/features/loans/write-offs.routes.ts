import {
  bulkWriteOffInputSchema,
  bulkWriteOffResultSchema,
  writeOffInputSchema,
  writeOffPreviewSchema,
} from '@ecogrid/core/write-offs';
import { createRoute, z } from '@hono/zod-openapi';
import { approvalView } from '#src/features/approvals/approvals.service.ts';
import { createRouter, errorResponse, signedInUserId, uploadLimit } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { loanParams } from './loan-schemas.ts';
import { writeOffManyOrAsk, writeOffOrAsk } from './write-off-approvals.ts';
import { writeOffPreview } from './write-offs.ts';

/** 2,000 loan ids are about 80 kB of JSON: more than the usual body limit. */
const BULK_BODY_BYTES = 96 * 1024;

const waiting = z.object({ approval: approvalView });

const previewRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminPreviewWriteOffs',
  path: '/loans/write-off-preview',
  tags: ['admin', 'loans'],
  summary:
    'The defaulted loans the credit policy lets admins write off (in default at least its days), with days since default, amounts owed and totals',
  middleware: [requireStaff('credit.read')] as const,
  responses: { 200: json(writeOffPreviewSchema.openapi('WriteOffPreview'), 'The loans that qualify'), ...ADMIN_DENIED },
});

const bulkRoute = createRoute({
  method: 'post',
  ...staffRight('write_offs.change'),
  operationId: 'adminWriteOffLoans',
  path: '/loans/write-offs',
  tags: ['admin', 'loans'],
  summary:
    'Write off up to 2,000 loans at once, in one transaction (audited): each balance from loans receivable to bad debt; loans that no longer qualify are skipped',
  middleware: [
    requireStaff('write_offs.change'),
    uploadLimit(BULK_BODY_BYTES, 'The request is too large: write off at most 2,000 loans at once.'),
    requireIdempotencyKey,
  ] as const,
  request: body(bulkWriteOffInputSchema),
  responses: {
    200: json(bulkWriteOffResultSchema.openapi('BulkWriteOffResult'), 'What was written off'),
    202: json(
      waiting,
      'Together they owe more than the four-eyes threshold: the request waits for a second staff member',
    ),
    400: errorResponse('No loans, more than 2,000, or no reason'),
    ...IDEMPOTENCY_RESPONSES,
    ...ADMIN_DENIED,
  },
});

const singleRoute = createRoute({
  method: 'post',
  ...staffRight('write_offs.change'),
  operationId: 'adminWriteOffLoan',
  path: '/loans/{id}/write-off',
  tags: ['admin', 'loans'],
  summary: 'Write off one defaulted loan with a reason (audited): its balance from loans receivable to bad debt',
  middleware: [requireStaff('write_offs.change')] as const,
  request: { params: loanParams, ...body(writeOffInputSchema) },
  responses: {
    200: json(z.object({ amount: z.number().int() }), 'The amount written off'),
    202: json(waiting, 'It owes more than the four-eyes threshold: the request waits for a second staff member'),
    400: errorResponse('No reason'),
    404: errorResponse('No such loan'),
    409: errorResponse('The loan is not defaulted'),
    ...ADMIN_DENIED,
  },
});

/** Admins' write-off routes, under /api/admin; mounted before the loan routes so /loans/write-off-preview is not read as a loan id. */
export const writeOffRoutes = createRouter()
  .openapi(previewRoute, async (c) => c.json(await writeOffPreview(c.var.db), 200))
  .openapi(bulkRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const { loanIds, reason } = c.req.valid('json');
    const result = await writeOffManyOrAsk(paymentDeps(c.var), { loanIds, reason, actorId });
    return 'approval' in result ? c.json(result, 202) : c.json(result, 200);
  })
  .openapi(singleRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const { reason } = c.req.valid('json');
    const result = await writeOffOrAsk(paymentDeps(c.var), { loanId: c.req.valid('param').id, reason, actorId });
    return 'approval' in result ? c.json(result, 202) : c.json(result, 200);
  });
