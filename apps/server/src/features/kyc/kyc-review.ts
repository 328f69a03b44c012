import type { KycStatus } from '@ecogrid/core/kyc';
import type { AdminKyc, AdminKycSummary } from '@ecogrid/core/kyc.responses';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { kycDocuments, kycEvents, kycRecords } from '#src/db/schema/kyc.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { actorOf, peopleByIds, userSummaries } from '#src/features/auth/profile.service.ts';
import { getKyc, sameIdNumber } from './kyc.service.ts';

/**
 * The review queue: checks in one status, waiting ones oldest first (first come, first
 * served), decided ones newest decision first.
 */
export async function kycQueue(db: Database, status: KycStatus, page: PageQuery): Promise<Page<AdminKycSummary>> {
  const waiting = status === 'submitted';
  const at = waiting ? kycRecords.submittedAt : kycRecords.updatedAt;
  const rows = await db
    .select({
      id: kycRecords.userId,
      createdAt: sql<string>`${at}::text`,
      legalName: kycRecords.legalName,
      district: kycRecords.district,
      idType: kycRecords.idType,
      status: kycRecords.status,
      submittedAt: kycRecords.submittedAt,
      reviewedAt: kycRecords.reviewedAt,
    })
    .from(kycRecords)
    .where(and(eq(kycRecords.status, status), after(at, kycRecords.userId, page.cursor, waiting ? 'asc' : 'desc')))
    .orderBy(...(waiting ? [asc(at), asc(kycRecords.userId)] : [desc(at), desc(kycRecords.userId)]))
    .limit(page.limit + 1);
  const people = await userSummaries(
    db,
    rows.map((r) => r.id),
  );
  return toPage(rows, page.limit, (row) => {
    const person = people.get(row.id);
    return {
      userId: row.id,
      name: person?.name ?? '',
      phone: person?.phone ?? null,
      email: person?.email ?? null,
      legalName: row.legalName,
      district: row.district,
      idType: row.idType,
      status: row.status,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  });
}

/**
 * One check for the reviewer: the details, the documents (each with who uploaded it: the customer
 * or an agent for them), the history (each step with who took it: who submitted, the admin who
 * decided), the account, and other accounts with the same ID number.
 */
export async function kycForReview(db: Database, userId: string): Promise<AdminKyc> {
  const [kyc, events, uploads] = await Promise.all([
    getKyc(db, userId),
    db.select().from(kycEvents).where(eq(kycEvents.userId, userId)).orderBy(asc(kycEvents.createdAt)),
    db
      .select({ id: kycDocuments.id, uploadedBy: kycDocuments.uploadedBy })
      .from(kycDocuments)
      .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.replacedAt))),
  ]);
  const others = await sameIdNumber(db, userId, kyc.identity);
  const [people, actors] = await Promise.all([
    userSummaries(db, [userId, ...others]),
    peopleByIds(db, [...events.map((e) => e.actorId), ...uploads.map((u) => u.uploadedBy)]),
  ]);
  const uploader = new Map(uploads.map((u) => [u.id, u.uploadedBy]));
  return {
    ...kyc,
    documents: kyc.documents.map((d) => ({ ...d, uploadedBy: actorOf(actors, uploader.get(d.id) ?? userId) })),
    history: events.map((e) => ({
      kind: e.kind,
      reason: e.reason,
      at: e.createdAt.toISOString(),
      by: actorOf(actors, e.actorId),
    })),
    account: people.get(userId) ?? null,
    sameIdNumber: others.map((id) => people.get(id)).filter((p) => p !== undefined),
  };
}
