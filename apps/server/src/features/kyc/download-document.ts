import type { KycDocumentKind } from '@ecogrid/core/kyc';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/platform/errors.ts';
import type { AppEnv } from '#src/platform/http.ts';
import type { Storage } from '#src/platform/storage.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { staffAccess } from '#src/features/auth/roles.service.ts';
import { findDocument, type KycActor } from './kyc.service.ts';

const FILE_NAMES: Record<KycDocumentKind, string> = { id_document: 'id-document', selfie: 'selfie' };
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

type Viewer = NonNullable<AppEnv['Variables']['user']>;

async function mayDownload(db: Database, viewer: Viewer, ownerId: string): Promise<boolean> {
  if (viewer.id === ownerId) return true;
  // Agents upload for a consenting customer but do not read identity documents back: only the
  // customer and staff who may see identity checks do.
  return (await staffAccess(db, viewer, 'kyc.read')) === 'ok';
}

/**
 * An identity document's bytes and the name to save it under, for its owner or an admin; 404 for
 * anyone else, as for a document that does not exist.
 */
export async function downloadDocument(
  deps: { db: Database; documents: Storage },
  viewer: Viewer,
  actor: KycActor,
  documentId: string,
) {
  const document = await findDocument(deps.db, documentId);
  const missing = () => notFound('No such document.');
  if (!document || !(await mayDownload(deps.db, viewer, document.userId))) throw missing();
  const bytes = await deps.documents.get(document.storageKey);
  if (!bytes) throw missing();
  if (actor.id !== document.userId) {
    // Who looked at someone's identity document stays on the record.
    await recordAudit(deps.db, {
      actorId: actor.id,
      action: 'kyc.document.view',
      entityType: 'user',
      entityId: document.userId,
      details: { documentId: document.id, kind: document.kind },
      ipAddress: actor.ip,
      userAgent: actor.userAgent,
    });
  }
  const fileName = `${FILE_NAMES[document.kind]}-${document.createdAt.toISOString().slice(0, 10)}.${EXTENSIONS[document.contentType] ?? 'bin'}`;
  return { bytes, contentType: document.contentType, fileName };
}
