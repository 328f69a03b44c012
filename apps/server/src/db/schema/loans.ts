import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Pay-as-you-go devices (solar home systems and the like) that take OpenPAYGO tokens. The secret
 * key is kept encrypted (AES-256-GCM); `token_count` is the count the last token moved the
 * device to, and only moves forward, under a row lock, so no count is ever used twice.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNumber: text('serial_number').notNull().unique(),
    startingCode: integer('starting_code').notNull(),
    secretKeyEncrypted: text('secret_key_encrypted').notNull(),
    tokenCount: integer('token_count').notNull().default(0),
    /** The device counts days times this (1: whole days). */
    timeDivider: integer('time_divider').notNull().default(1),
    restrictedDigitSet: boolean('restricted_digit_set').notNull().default(false),
    status: text('status', { enum: ['in_stock', 'assigned', 'unlocked'] })
      .notNull()
      .default('in_stock'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('devices_starting_code_range', sql`${t.startingCode} between 0 and 999999999`),
    check('devices_token_count_range', sql`${t.tokenCount} >= 0`),
    check('devices_time_divider_range', sql`${t.timeDivider} between 1 and 1000`),
  ],
);

/** Every token issued, with the count it moved the device to: a count appears once per device. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    count: integer('count').notNull(),
    type: text('type', { enum: ['ADD_TIME', 'SET_TIME', 'DISABLE_PAYG', 'COUNTER_SYNC'] }).notNull(),
    /** Days, for ADD_TIME and SET_TIME. */
    days: integer('days'),
    token: text('token').notNull(),
    /** What it was issued for: a repayment's idempotency key, or an admin's reason. */
    reference: text('reference').notNull(),
    issuedBy: text('issued_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_tokens_count_idx').on(t.deviceId, t.count),
    uniqueIndex('device_tokens_reference_idx').on(t.deviceId, t.reference),
    index('device_tokens_device_idx').on(t.deviceId, t.createdAt),
  ],
);
