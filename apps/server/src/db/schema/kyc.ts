import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A customer's identity check: what they told us, one row per customer. The status and
 * completion percentage are also on the user (the profile carries them); both change in one
 * transaction.
 */
export const kycRecords = pgTable(
  'kyc_records',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'submitted', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    legalName: text('legal_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender', { enum: ['female', 'male'] }),
    district: text('district'),
    subCounty: text('sub_county'),
    village: text('village'),
    idType: text('id_type', { enum: ['national_id', 'alien_id'] }),
    idNumber: text('id_number'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: text('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The review queue: oldest submission first.
    index('kyc_records_queue_idx').on(t.status, t.submittedAt),
    // One ID number belongs to one verified person.
    uniqueIndex('kyc_records_verified_id_idx')
      .on(t.idType, t.idNumber)
      .where(sql`${t.status} = 'verified'`),
    check('kyc_records_rejected_has_reason', sql`${t.status} <> 'rejected' or ${t.rejectionReason} is not null`),
  ],
);

/**
 * Uploaded ID documents and selfies. The bytes live in the document storage under a name the
 * server made; a newer upload of the same kind replaces the current one: the old row is kept
 * (marked replaced, with its hash) so a review can be traced to what was shown, and its file is
 * deleted.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['id_document', 'selfie'] }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('kyc_documents_current_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.replacedAt} is null`),
  ],
);

/** Submissions and decisions, in order: the customer's and the reviewer's timeline. */
export const kycEvents = pgTable(
  'kyc_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['submitted', 'verified', 'rejected'] }).notNull(),
    reason: text('reason'),
    actorId: text('actor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('kyc_events_user_idx').on(t.userId, t.createdAt)],
);
