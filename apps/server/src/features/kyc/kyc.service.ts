import { createHash, randomUUID } from 'node:crypto';
import {
  canEditKyc,
  KYC_STEPS,
  kycCompletion,
  type Kyc,
  type KycAddress,
  type KycDecision,
  type KycDocumentKind,
  type KycIdentity,
  type KycPersonal,
  type KycStatus,
  type KycSteps,
} from '@ecogrid/core/kyc';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { kycDocuments, kycEvents, kycRecords } from '#src/db/schema/kyc.ts';
import { hasPgCode, UNIQUE_VIOLATION } from '#src/platform/db-errors.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import type { Logger } from '#src/platform/logger.ts';
import type { Realtime } from '#src/platform/realtime.ts';
import type { Storage } from '#src/platform/storage.ts';
import { consentingAgentId, customerAgentId } from '#src/features/agents/agents.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { setKycState, userSummaries } from '#src/features/auth/profile.service.ts';
import { sendNotification, type NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';
import { checkAddress } from '#src/features/places/places.service.ts';
import { checkUploadAllowance, prepareDocument } from './kyc-documents.ts';

export type KycDeps = NotifierDeps & { db: Database; realtime: Realtime; documents: Storage };
/** Who is acting: the customer, or an agent with the customer's consent (uploads remember which). */
export type KycActor = { id: string; ip?: string | null; userAgent?: string | null };

type RecordRow = typeof kycRecords.$inferSelect;
type DocumentRow = typeof kycDocuments.$inferSelect;

const STEP_NAMES: Record<(typeof KYC_STEPS)[number], string> = {
  personal: 'your personal details',
  address: 'your address',
  identity: 'your ID number',
  idDocument: 'a photo of your ID',
  selfie: 'a selfie',
};

function stepsOf(record: RecordRow | undefined, documents: Pick<DocumentRow, 'kind'>[]): KycSteps {
  const has = (kind: KycDocumentKind) => documents.some((d) => d.kind === kind);
  return {
    personal: Boolean(record?.legalName && record.dateOfBirth && record.gender),
    address: Boolean(record?.district && record.subCounty && record.village),
    identity: Boolean(record?.idType && record.idNumber),
    idDocument: has('id_document'),
    selfie: has('selfie'),
  };
}

async function currentDocuments(db: Database | Tx, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.replacedAt)))
    .orderBy(asc(kycDocuments.kind));
}

function toView(
  userId: string,
  record: RecordRow | undefined,
  documents: DocumentRow[],
  history: (typeof kycEvents.$inferSelect)[],
): Kyc {
  const steps = stepsOf(record, documents);
  return {
    userId,
    status: record?.status ?? 'pending',
    completion: kycCompletion(steps),
    steps,
    personal:
      record?.legalName && record.dateOfBirth && record.gender
        ? { legalName: record.legalName, dateOfBirth: record.dateOfBirth, gender: record.gender }
        : null,
    address:
      record?.district && record.subCounty && record.village
        ? { district: record.district, subCounty: record.subCounty, village: record.village }
        : null,
    identity: record?.idType && record.idNumber ? { idType: record.idType, idNumber: record.idNumber } : null,
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      contentType: d.contentType,
      bytes: d.bytes,
      uploadedAt: d.createdAt.toISOString(),
      uploadedByAgent: d.uploadedBy !== userId,
    })),
    rejectionReason: record?.status === 'rejected' ? record.rejectionReason : null,
    submittedAt: record?.submittedAt?.toISOString() ?? null,
    reviewedAt: record?.reviewedAt?.toISOString() ?? null,
    history: history.map((e) => ({ kind: e.kind, reason: e.reason, at: e.createdAt.toISOString() })),
  };
}

/** A customer's identity check as it stands (an empty, pending one before the first step). */
export async function getKyc(db: Database | Tx, userId: string): Promise<Kyc> {
  const [[record], documents, history] = await Promise.all([
    db.select().from(kycRecords).where(eq(kycRecords.userId, userId)),
    currentDocuments(db, userId),
    db.select().from(kycEvents).where(eq(kycEvents.userId, userId)).orderBy(asc(kycEvents.createdAt)),
  ]);
  return toView(userId, record, documents, history);
}

/**
 * What credit needs to know of a customer: whether their identity is verified, the district they
 * live in, and the agent serving them now (the latest unexpired consent), if any.
 */
export async function creditStanding(
  db: Database | Tx,
  userId: string,
): Promise<{ verified: boolean; district: string | null; agentId: string | null }> {
  const [[record], agentId] = await Promise.all([
    db
      .select({ status: kycRecords.status, district: kycRecords.district })
      .from(kycRecords)
      .where(eq(kycRecords.userId, userId)),
    consentingAgentId(db, userId),
  ]);
  return {
    verified: record?.status === 'verified',
    district: record?.district ?? null,
    agentId,
  };
}

/** Identity-check statuses by user id ('pending' for anyone who has not started). */
export async function kycStatuses(db: Database | Tx, userIds: string[]): Promise<Map<string, KycStatus>> {
  const rows = userIds.length
    ? await db
        .select({ userId: kycRecords.userId, status: kycRecords.status })
        .from(kycRecords)
        .where(inArray(kycRecords.userId, userIds))
    : [];
  const found = new Map(rows.map((r) => [r.userId, r.status]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? 'pending']));
}

const NOT_EDITABLE: Record<Exclude<KycStatus, 'pending' | 'rejected'>, string> = {
  submitted: 'Your details are being checked. You can change them if they are sent back to you.',
  verified: 'Your identity is already verified. Contact support to change your details.',
};

/** The customer's record, created if need be and locked for the rest of the transaction. */
async function lockRecord(tx: Tx, userId: string): Promise<RecordRow> {
  await tx.insert(kycRecords).values({ userId }).onConflictDoNothing();
  const [record] = await tx.select().from(kycRecords).where(eq(kycRecords.userId, userId)).for('update');
  return record!;
}

async function lockEditable(tx: Tx, userId: string): Promise<RecordRow> {
  const record = await lockRecord(tx, userId);
  if (!canEditKyc(record.status)) {
    throw new AppError('kyc_locked', NOT_EDITABLE[record.status as keyof typeof NOT_EDITABLE], 409);
  }
  return record;
}

/** Keeps the profile's status and percentage in step with the record, in the same transaction. */
async function syncProfile(tx: Tx, userId: string): Promise<Kyc> {
  const view = await getKyc(tx, userId);
  await setKycState(tx, userId, { kycStatus: view.status, kycCompletionPercentage: view.completion });
  return view;
}

async function changeRecord(db: Database, userId: string, changes: Partial<RecordRow>): Promise<Kyc> {
  return db.transaction(async (tx) => {
    await lockEditable(tx, userId);
    await tx
      .update(kycRecords)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(kycRecords.userId, userId));
    return syncProfile(tx, userId);
  });
}

export const savePersonal = (db: Database, userId: string, input: KycPersonal) => changeRecord(db, userId, input);

/** The address must be a real district, sub-county and village that belong together (422 otherwise). */
export const saveAddress = (db: Database, userId: string, input: KycAddress) =>
  changeRecord(db, userId, checkAddress(input));

export const saveIdentity = (db: Database, userId: string, input: KycIdentity) => changeRecord(db, userId, input);

/**
 * Stores an ID photo or selfie (photos re-encoded, see prepareDocument) under a name the server
 * makes, then (in one transaction) makes it the current one of its kind. The row of the one it
 * replaces is kept, marked replaced, with its hash; its file is deleted once the change commits,
 * so no more of a person's identity is kept than the check needs. The new file is written first,
 * so a record never names a missing file, and removed again if the change does not commit.
 */
export async function addDocument(
  deps: { db: Database; documents: Storage; log: Logger },
  userId: string,
  actor: KycActor,
  kind: KycDocumentKind,
  upload: Uint8Array,
): Promise<Kyc> {
  const { db, documents } = deps;
  const { bytes, contentType, extension } = await prepareDocument(kind, upload);
  // Refuse before storing anything when the check cannot change now.
  const [existing] = await db
    .select({ status: kycRecords.status })
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId));
  if (existing && !canEditKyc(existing.status)) {
    throw new AppError('kyc_locked', NOT_EDITABLE[existing.status as keyof typeof NOT_EDITABLE], 409);
  }
  await checkUploadAllowance(db, userId);
  const id = randomUUID();
  const storageKey = `kyc/${userId.toLowerCase().replace(/[^a-z0-9-]/g, '')}/${id}.${extension}`;
  await documents.put(storageKey, bytes);
  let replaced: string[] = [];
  let view: Kyc;
  try {
    view = await db.transaction(async (tx) => {
      await lockEditable(tx, userId);
      // Counted again under the record's lock: parallel uploads cannot all slip under the allowance.
      await checkUploadAllowance(tx, userId);
      const now = new Date();
      const old = await tx
        .update(kycDocuments)
        .set({ replacedAt: now })
        .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.kind, kind), isNull(kycDocuments.replacedAt)))
        .returning({ storageKey: kycDocuments.storageKey });
      replaced = old.map((row) => row.storageKey);
      await tx.insert(kycDocuments).values({
        id,
        userId,
        kind,
        storageKey,
        contentType,
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: actor.id,
        createdAt: now,
      });
      await tx.update(kycRecords).set({ updatedAt: now }).where(eq(kycRecords.userId, userId));
      return syncProfile(tx, userId);
    });
  } catch (error) {
    await documents.remove(storageKey).catch((err: unknown) => {
      deps.log.warn({ err, storageKey }, 'could not remove an identity document whose upload failed');
    });
    throw error;
  }
  for (const key of replaced) {
    // The upload itself succeeded; a file left behind is logged for an operator to delete.
    await documents.remove(key).catch((err: unknown) => {
      deps.log.error({ err, storageKey: key }, 'could not delete a replaced identity document');
    });
  }
  return view;
}

/**
 * Sends the check for review once every step is done (422 naming what is missing); the admins
 * are told there is a check to review, in the same transaction.
 */
export async function submitKyc(
  deps: Pick<KycDeps, 'db' | 'realtime' | 'messages' | 'publicUrl'>,
  userId: string,
  actor: KycActor,
): Promise<Kyc> {
  return deps.db.transaction(async (tx) => {
    const record = await lockEditable(tx, userId);
    const steps = stepsOf(record, await currentDocuments(tx, userId));
    const missing = KYC_STEPS.filter((step) => !steps[step]).map((step) => STEP_NAMES[step]);
    if (missing.length > 0) {
      throw new AppError('kyc_incomplete', `Before you submit, add ${missing.join(', ')}.`, 422);
    }
    const now = new Date();
    await tx
      .update(kycRecords)
      .set({
        status: 'submitted',
        submittedAt: now,
        rejectionReason: null,
        reviewedAt: null,
        reviewedBy: null,
        updatedAt: now,
      })
      .where(eq(kycRecords.userId, userId));
    await tx.insert(kycEvents).values({ userId, kind: 'submitted', actorId: actor.id, createdAt: now });
    const view = await syncProfile(tx, userId);
    await deps.realtime.publish(tx, userId, { type: 'kyc', data: { status: view.status } });
    const name = (await userSummaries(tx, [userId])).get(userId)?.name ?? '';
    await tellAdmins(tx, deps, {
      type: 'kyc_update',
      text: { key: 'notifications:staff.kycToReview', values: { name } },
      data: { kycUserId: userId },
    });
    return view;
  });
}

/** The customer's notice of a decision; a rejection's reason is the reviewer's own words, as written. */
const decisionText = (reason: string | null): CatalogueText =>
  reason === null
    ? { key: 'notifications:kyc.verified' }
    : { key: 'notifications:kyc.actionNeeded', values: { reason: /[.!?]$/.test(reason) ? reason : `${reason}.` } };

/**
 * An admin's decision on a submitted check: verified, or rejected with the reason the customer
 * sees. Audited, and sent to the customer as a kyc_update notification and a live update, all in
 * the decision's transaction.
 */
export async function decideKyc(deps: KycDeps, userId: string, decision: KycDecision, admin: KycActor): Promise<Kyc> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [record] = await tx.select().from(kycRecords).where(eq(kycRecords.userId, userId)).for('update');
      if (!record) throw notFound('This customer has not started an identity check.');
      if (record.status !== 'submitted') {
        throw new AppError(
          'kyc_not_submitted',
          `This identity check is not waiting for review: it is ${record.status}.`,
          409,
        );
      }
      const now = new Date();
      const approved = decision.decision === 'approve';
      const reason = approved ? null : decision.reason;
      await tx
        .update(kycRecords)
        .set({
          status: approved ? 'verified' : 'rejected',
          rejectionReason: reason,
          reviewedAt: now,
          reviewedBy: admin.id,
          updatedAt: now,
        })
        .where(eq(kycRecords.userId, userId));
      await tx.insert(kycEvents).values({
        userId,
        kind: approved ? 'verified' : 'rejected',
        reason,
        actorId: admin.id,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: approved ? 'kyc.approve' : 'kyc.reject',
        entityType: 'user',
        entityId: userId,
        reason,
        details: { idType: record.idType, submittedAt: record.submittedAt?.toISOString() ?? null },
        ipAddress: admin.ip ?? null,
        userAgent: admin.userAgent ?? null,
      });
      const view = await syncProfile(tx, userId);
      await sendNotification(tx, deps, {
        userId,
        type: 'kyc_update',
        text: decisionText(approved ? null : reason!),
        data: { status: view.status },
      });
      // The customer's open pages, and those of the agent who serves them, show the decision.
      const agentId = await customerAgentId(tx, userId);
      await deps.realtime.publishMany(
        tx,
        [userId, ...(agentId ? [agentId] : [])].map((id) => ({
          userId: id,
          event: { type: 'kyc' as const, data: { status: view.status, customerId: userId } },
        })),
      );
      return view;
    });
  } catch (error) {
    if (hasPgCode(error, UNIQUE_VIOLATION)) {
      throw new AppError(
        'id_number_taken',
        'Another verified account already has this ID number. Reject this check, or find out which account is right.',
        409,
      );
    }
    throw error;
  }
}

/** A stored document and whose it is, for the download route to check who may have it. */
export async function findDocument(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id));
  return row ?? null;
}

/** Other accounts whose check has the same ID number: shown to the reviewer. */
export async function sameIdNumber(db: Database, userId: string, identity: Kyc['identity']): Promise<string[]> {
  if (!identity) return [];
  const rows = await db
    .select({ userId: kycRecords.userId })
    .from(kycRecords)
    .where(
      and(
        eq(kycRecords.idType, identity.idType),
        eq(kycRecords.idNumber, identity.idNumber),
        sql`${kycRecords.userId} <> ${userId}`,
      ),
    );
  return rows.map((r) => r.userId);
}

/** Identity checks submitted and not yet decided: the admins' queue. */
export async function identityChecksWaiting(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kycRecords)
    .where(eq(kycRecords.status, 'submitted'));
  return row?.n ?? 0;
}
