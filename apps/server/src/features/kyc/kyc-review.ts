import type { KycStatus } from '@ecogrid/core/kyc';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { kycRecords } from '#src/db/schema/kyc.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { getKyc, sameIdNumber } from './kyc.service.ts';

export type KycQueueItem = {
  userId: string;
  name: string;
  phone: string | null;
  email: string | null;
  legalName: string | null;
  district: string | null;
  idType: 'national_id' | 'alien_id' | null;
  status: KycStatus;
  submittedAt: string | null;
  reviewedAt: string | null;
};

/**
 * The review queue: checks in one status, waiting ones oldest first (first come, first
 * served), decided ones newest decision first.
 */
export async function kycQueue(db: Database, status: KycStatus, page: PageQuery): Promise<Page<KycQueueItem>> {
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

/** One check for the reviewer: the details, the documents, the account, and other accounts with the same ID number. */
export async function kycForReview(db: Database, userId: string) {
  const kyc = await getKyc(db, userId);
  const others = await sameIdNumber(db, userId, kyc.identity);
  const people = await userSummaries(db, [userId, ...others]);
  return {
    ...kyc,
    account: people.get(userId) ?? null,
    sameIdNumber: others.map((id) => people.get(id)).filter((p) => p !== undefined),
  };
}
