import { KYC_DOCUMENT_TYPES, KYC_MAX_BYTES, type KycDocumentKind } from '@ecogrid/core/kyc';
import { and, count, eq, gte } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Tx } from '#src/db/client.ts';
import { kycDocuments } from '#src/db/schema/kyc.ts';
import { AppError } from '#src/platform/errors.ts';
import { jpegWithoutMetadata, PhotoRefused } from '#src/platform/photos.ts';

/** Uploads a customer's check takes in a day, by them or an agent: enough to retake every photo a few times. */
export const KYC_UPLOADS_PER_DAY = 10;
/** Longest side of a stored photo: an ID card's small print stays legible. */
const MAX_SIDE = 2_000;

const KIND_WORDS: Record<KycDocumentKind, { name: string; types: string }> = {
  id_document: { name: 'Your ID document', types: 'a JPEG or PNG photo, or a PDF' },
  selfie: { name: 'Your selfie', types: 'a JPEG or PNG photo' },
};

/** What is stored of an upload: its bytes and their type. */
export type StoredDocument = { bytes: Uint8Array; contentType: string; extension: string };

/**
 * Checks an upload by its bytes, not its name or the type the browser claimed, and its size.
 * A photo is decoded, turned upright and written again as a JPEG without any metadata (no camera,
 * no GPS position), at most 2000 px on its longest side, as product pictures are; a PDF is kept
 * as it is, within the size limit.
 */
export async function prepareDocument(kind: KycDocumentKind, bytes: Uint8Array): Promise<StoredDocument> {
  const words = KIND_WORDS[kind];
  if (bytes.byteLength === 0) throw new AppError('empty_file', 'The file is empty. Choose the photo again.', 400);
  if (bytes.byteLength > KYC_MAX_BYTES) {
    throw new AppError(
      'too_large',
      `${words.name} is larger than 5 MB. Take the photo again or choose a smaller file.`,
      413,
    );
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !KYC_DOCUMENT_TYPES[kind].includes(type.mime)) {
    throw new AppError(
      'unsupported_file',
      `${words.name} must be ${words.types}${type ? `; this file is ${type.ext.toUpperCase()}, whatever its name says` : '; this file is neither, whatever its name says'}.`,
      415,
    );
  }
  if (type.mime === 'application/pdf') return { bytes, contentType: type.mime, extension: 'pdf' };
  try {
    return { bytes: await jpegWithoutMetadata(bytes, MAX_SIDE), contentType: 'image/jpeg', extension: 'jpg' };
  } catch (error) {
    if (error instanceof PhotoRefused && error.reason === 'too_many_pixels') {
      throw new AppError(
        'unreadable_file',
        `${words.name} is ${error.width} × ${error.height} pixels, too large to handle. Choose one under 50 megapixels.`,
        422,
      );
    }
    throw new AppError(
      'unreadable_file',
      `${words.name} could not be read: the file may be damaged. Take the photo again or choose another.`,
      422,
    );
  }
}

/** Refuses (429) an upload beyond the day's allowance for this customer's check. */
export async function checkUploadAllowance(db: Database | Tx, userId: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), gte(kycDocuments.createdAt, new Date(Date.now() - 86_400_000))));
  if ((row?.n ?? 0) >= KYC_UPLOADS_PER_DAY) {
    throw new AppError(
      'too_many_uploads',
      `This identity check has taken ${KYC_UPLOADS_PER_DAY} files in the last 24 hours. Try again tomorrow, or contact support.`,
      429,
    );
  }
}
