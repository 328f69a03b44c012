import { TICKET_PHOTO_LIMIT, TICKET_PHOTO_MAX_BYTES, TICKET_PHOTO_TYPES } from '@ecogrid/core/support';
import { and, count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Tx } from '#src/db/client.ts';
import { supportTicketPhotos, supportTickets } from '#src/db/schema/support.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { Logger } from '#src/platform/logger.ts';
import { jpegWithoutMetadata, PhotoRefused } from '#src/platform/photos.ts';
import type { Storage } from '#src/platform/storage.ts';
import { ticketFor, type TicketRow, type Viewer } from './ticket-access.ts';
import type { SupportDeps } from './ticket-messages.ts';
import { tellStaff } from './ticket-notices.ts';
import { ticketView } from './ticket-views.ts';

export type PhotoDeps = SupportDeps & { files: Storage; log: Logger };

/** Longest side of a kept photo: a serial number on a label stays legible. */
const MAX_SIDE = 1_600;
const MB = TICKET_PHOTO_MAX_BYTES / (1024 * 1024);

const refusal = (
  code: 'empty_file' | 'too_large' | 'unsupported_file' | 'unreadable_file',
  status: 400 | 413 | 415 | 422,
  message: string,
  key: string,
) => new AppError(code, message, status).withText(`support:photo.${key}`, { mb: MB });

/** An upload checked by its bytes (not its name or claimed type) and kept as a JPEG without metadata. */
async function storablePhoto(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength === 0) throw refusal('empty_file', 400, 'The photo is empty. Choose it again.', 'empty');
  if (bytes.byteLength > TICKET_PHOTO_MAX_BYTES) {
    throw refusal('too_large', 413, `The photo is larger than ${MB} MB. Choose a smaller one.`, 'tooLarge');
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(TICKET_PHOTO_TYPES as readonly string[]).includes(type.mime)) {
    throw refusal('unsupported_file', 415, 'Send a photo: a JPEG, PNG or WebP picture.', 'notAPhoto');
  }
  try {
    return await jpegWithoutMetadata(bytes, MAX_SIDE);
  } catch (error) {
    if (error instanceof PhotoRefused && error.reason === 'too_many_pixels') {
      throw refusal(
        'unreadable_file',
        422,
        'The photo has too many pixels to handle. Choose one under 50 megapixels.',
        'tooManyPixels',
      );
    }
    throw refusal(
      'unreadable_file',
      422,
      'The photo could not be read: the file may be damaged. Take it again.',
      'unreadable',
    );
  }
}

async function photoCount(tx: Tx, ticketId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(supportTicketPhotos)
    .where(eq(supportTicketPhotos.ticketId, ticketId));
  return row?.n ?? 0;
}

/**
 * The customer or their agent adds a photo to an open ticket (at most TICKET_PHOTO_LIMIT); on a
 * ticket waiting on the customer it is their answer: the ticket goes back to the queue and staff
 * are told. The file is written first under a new name; if the ticket then refuses it, the file
 * is removed.
 */
export async function addTicketPhoto(deps: PhotoDeps, viewer: Viewer, ticketId: string, upload: Uint8Array) {
  const { db, files, log } = deps;
  await ticketFor(db, viewer, ticketId);
  const bytes = await storablePhoto(upload);
  const id = crypto.randomUUID();
  const storageKey = `support/${ticketId}/${id}.jpg`;
  await files.put(storageKey, bytes);
  let row: TicketRow;
  try {
    row = await db.transaction(async (tx) => {
      const ticket = await ticketFor(tx, viewer, ticketId, true);
      if (ticket.status === 'resolved') {
        throw new AppError(
          'ticket_resolved',
          'This ticket is resolved. Reopen it to add a photo, or open a new one.',
          409,
        );
      }
      // Counted under the ticket's lock: parallel uploads cannot pass the limit together.
      if ((await photoCount(tx, ticket.id)) >= TICKET_PHOTO_LIMIT) {
        throw new AppError(
          'photo_limit_reached',
          `A ticket holds at most ${TICKET_PHOTO_LIMIT} photos. Describe anything more in a message.`,
          409,
        ).withText('support:photo.limit', { most: TICKET_PHOTO_LIMIT });
      }
      await tx.insert(supportTicketPhotos).values({ id, ticketId: ticket.id, uploadedBy: viewer.id, storageKey });
      // A photo sent while support waits on the customer answers them, as a written reply does.
      const answers = ticket.status === 'waiting_on_customer';
      const [updated] = await tx
        .update(supportTickets)
        .set({ updatedAt: new Date(), ...(answers ? { status: 'open' as const } : {}) })
        .where(eq(supportTickets.id, ticket.id))
        .returning();
      if (answers) await tellStaff(tx, deps, updated!, 'customerWrote');
      return updated!;
    });
  } catch (error) {
    await files.remove(storageKey).catch((err: unknown) => {
      log.warn({ err, storageKey }, 'could not remove a ticket photo the ticket refused');
    });
    throw error;
  }
  return ticketView(db, viewer, row);
}

/** A ticket's photo, for whoever may see the ticket; 404 for anyone else, as for a photo that does not exist. */
export async function readTicketPhoto(
  deps: { db: Database; files: Storage },
  viewer: Viewer,
  ticketId: string,
  photoId: string,
) {
  const ticket = await ticketFor(deps.db, viewer, ticketId);
  const [photo] = await deps.db
    .select()
    .from(supportTicketPhotos)
    .where(and(eq(supportTicketPhotos.ticketId, ticket.id), eq(supportTicketPhotos.id, photoId)));
  const bytes = photo ? await deps.files.get(photo.storageKey) : null;
  if (!photo || !bytes) throw notFound('No such photo on this ticket.');
  return { bytes, fileName: `${ticket.number}-photo-${photo.createdAt.toISOString().slice(0, 10)}.jpg` };
}
