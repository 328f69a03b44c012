import { uuidSchema } from '@ecogrid/core';
import { TICKET_PHOTO_LIMIT, TICKET_PHOTO_MAX_BYTES } from '@ecogrid/core/support';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { badRequest } from '#src/platform/errors.ts';
import {
  createRouter,
  errorResponse,
  requireSignedIn,
  signedInUserId,
  uploadLimit,
  type AppEnv,
} from '#src/platform/http.ts';
import { json, unauthenticated } from '#src/platform/route-helpers.ts';
import { requireAgent } from '#src/features/agents/agents.service.ts';
import { ADMIN_DENIED, requireAdmin } from '#src/features/auth/roles.service.ts';
import type { Viewer } from './ticket-access.ts';
import { addTicketPhoto, readTicketPhoto } from './ticket-photos.ts';
import { noTicket, supportDeps, ticket, ticketParams } from './ticket-schemas.ts';

type Side = 'customer' | 'agent' | 'staff';

const BASES: Record<Side, string> = {
  customer: '/support/tickets',
  agent: '/agent/support/tickets',
  staff: '/support/tickets',
};
const PREFIXES: Record<Side, string> = { customer: '', agent: 'agent', staff: 'admin' };
const TAGS: Record<Side, string[]> = {
  customer: ['support'],
  agent: ['agents', 'support'],
  staff: ['admin', 'support'],
};
const DENIED = {
  customer: unauthenticated,
  agent: { ...unauthenticated, 403: errorResponse('Not an approved agent') },
  staff: ADMIN_DENIED,
};
const TOO_LARGE = `The photo is larger than ${TICKET_PHOTO_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller one.`;
const NO_FILE = 'Send the photo as multipart/form-data, in a field named "file".';

const opName = (side: Side, name: string) =>
  PREFIXES[side] ? `${PREFIXES[side]}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;

async function viewerOf(c: Context<AppEnv>, side: Side): Promise<Viewer> {
  const id = signedInUserId(c.var.user);
  if (side === 'agent') await requireAgent(c.var.db, id);
  return { id, role: side };
}

/** A ticket's photos: the customer and their agent add them, and they, and staff, see them. */
export function ticketPhotoRoutes(side: Side) {
  const base = BASES[side];
  const guard = side === 'staff' ? requireAdmin : requireSignedIn;
  const readRoute = createRoute({
    method: 'get',
    operationId: opName(side, 'getSupportTicketPhoto'),
    path: `${base}/{id}/photos/{photoId}`,
    tags: TAGS[side],
    summary: 'One photo of a ticket, as a JPEG without metadata, for whoever may see the ticket',
    middleware: [guard] as const,
    request: { params: ticketParams.extend({ photoId: uuidSchema('photo id') }) },
    responses: {
      200: {
        description: 'The photo',
        content: { 'image/jpeg': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
      },
      400: errorResponse('Bad id'),
      ...DENIED[side],
      404: errorResponse('No such ticket or photo, or not one you may see'),
    },
  });
  const router = createRouter().openapi(readRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    const deps = { db: c.var.db, files: c.var.documents };
    const photo = await readTicketPhoto(deps, await viewerOf(c, side), id, photoId);
    return c.body(new Uint8Array(photo.bytes), 200, {
      'Content-Type': 'image/jpeg',
      'Content-Disposition': `inline; filename="${photo.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    }) as never;
  });
  if (side === 'staff') return router;
  const addRoute = createRoute({
    method: 'post',
    operationId: opName(side, 'addSupportTicketPhoto'),
    path: `${base}/{id}/photos`,
    tags: TAGS[side],
    summary: `Add a photo to an open ticket (JPEG, PNG or WebP, at most 5 MB, multipart field "file"; at most ${TICKET_PHOTO_LIMIT} a ticket); checked by its content and kept as a JPEG without metadata`,
    middleware: [requireSignedIn, uploadLimit(TICKET_PHOTO_MAX_BYTES, TOO_LARGE)] as const,
    request: {
      params: ticketParams,
      body: {
        required: true,
        content: {
          'multipart/form-data': { schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }) },
        },
      },
    },
    responses: {
      201: json(ticket, 'The ticket with the photo'),
      400: errorResponse('Bad id, no file, or an empty one'),
      ...DENIED[side],
      ...noTicket,
      409: errorResponse(`The ticket is resolved, or already holds ${TICKET_PHOTO_LIMIT} photos`),
      413: errorResponse('Larger than 5 MB'),
      415: errorResponse('Not a JPEG, PNG or WebP picture whatever its name says, or not sent as multipart/form-data'),
      422: errorResponse('A picture that cannot be read, or of more than 50 megapixels'),
    },
  });
  return router.openapi(addRoute, async (c) => {
    const viewer = await viewerOf(c, side);
    const form = await c.req.parseBody().catch(() => {
      throw badRequest(NO_FILE);
    });
    if (!(form.file instanceof File)) throw badRequest(NO_FILE);
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    const deps = { ...supportDeps(c), files: c.var.documents, log: c.var.log };
    return c.json(await addTicketPhoto(deps, viewer, c.req.valid('param').id, bytes), 201);
  });
}
