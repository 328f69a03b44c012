import { uuidSchema } from '@ecogrid/core';
import { TICKET_PHOTO_LIMIT, TICKET_PHOTO_MAX_BYTES } from '@ecogrid/core/support';
import { createRoute, z } from '@hono/zod-openapi';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, requireSignedIn, uploadLimit } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { addTicketPhoto, readTicketPhoto } from './ticket-photos.ts';
import { noTicket, supportDeps, ticket, ticketParams } from './ticket-schemas.ts';
import { operationOn, TICKET_SIDES, viewerOn, type TicketSide } from './ticket-sides.ts';

const TOO_LARGE = `The photo is larger than ${TICKET_PHOTO_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller one.`;
const NO_FILE = 'Send the photo as multipart/form-data, in a field named "file".';

/** A ticket's photos: the customer and their agent add them, and they, and staff, see them. */
export function ticketPhotoRoutes(side: TicketSide) {
  const { base, tags, denied } = TICKET_SIDES[side];
  const guard = side === 'staff' ? requireStaff('support.read') : requireSignedIn;
  const readRoute = createRoute({
    method: 'get',
    ...(side === 'staff' ? staffRight('support.read') : {}),
    operationId: operationOn(side, 'getSupportTicketPhoto'),
    path: `${base}/{id}/photos/{photoId}`,
    tags,
    summary: 'One photo of a ticket, as a JPEG without metadata, for whoever may see the ticket',
    middleware: [guard] as const,
    request: { params: ticketParams.extend({ photoId: uuidSchema('photo id') }) },
    responses: {
      200: {
        description: 'The photo',
        content: { 'image/jpeg': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
      },
      400: errorResponse('Bad id'),
      ...denied,
      404: errorResponse('No such ticket or photo, or not one you may see'),
    },
  });
  const router = createRouter().openapi(readRoute, async (c) => {
    const { id, photoId } = c.req.valid('param');
    const deps = { db: c.var.db, files: c.var.documents };
    const photo = await readTicketPhoto(deps, await viewerOn(c, side), id, photoId);
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
    operationId: operationOn(side, 'addSupportTicketPhoto'),
    path: `${base}/{id}/photos`,
    tags,
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
      ...denied,
      ...noTicket,
      409: errorResponse(`The ticket is resolved, or already holds ${TICKET_PHOTO_LIMIT} photos`),
      413: errorResponse('Larger than 5 MB'),
      415: errorResponse('Not a JPEG, PNG or WebP picture whatever its name says, or not sent as multipart/form-data'),
      422: errorResponse('A picture that cannot be read, or of more than 50 megapixels'),
    },
  });
  return router.openapi(addRoute, async (c) => {
    const viewer = await viewerOn(c, side);
    const form = await c.req.parseBody().catch(() => {
      throw badRequest(NO_FILE);
    });
    if (!(form.file instanceof File)) throw badRequest(NO_FILE);
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    const deps = { ...supportDeps(c), files: c.var.documents, log: c.var.log };
    return c.json(await addTicketPhoto(deps, viewer, c.req.valid('param').id, bytes), 201);
  });
}
