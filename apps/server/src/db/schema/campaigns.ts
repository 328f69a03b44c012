import type { CampaignSegment, CampaignTexts } from '@ecogrid/core/campaigns';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An SMS campaign: its text per language and its segment, written as a draft and sent once
 * ('draft' → 'sending' → 'sent'). The price of an SMS part is copied on when it is sent.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    texts: jsonb('texts').$type<CampaignTexts>().notNull(),
    segment: jsonb('segment').$type<CampaignSegment>().notNull(),
    status: text('status', { enum: ['draft', 'sending', 'sent'] })
      .notNull()
      .default('draft'),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'restrict' }),
    sentAt: stamp('sent_at'),
    pricePerSms: bigint('price_per_sms', { mode: 'number' }),
    batches: integer('batches'),
  },
  (t) => [index('campaigns_created_idx').on(t.createdAt, t.id)],
);

/**
 * One row per customer a campaign was sent to, made when it is sent: the key (campaign,
 * customer) sends it to each person once. 'queued' → 'sending' (claimed by one attempt of its
 * batch) → 'sent', 'stored' (no provider: kept in the outbox), 'failed', or 'opted_out' (SMS
 * switched off before its batch went). `delivery` follows the network's reports.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    language: text('language').notNull(),
    phone: text('phone').notNull(),
    parts: integer('parts').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'stored', 'failed', 'opted_out'] })
      .notNull()
      .default('queued'),
    attempt: integer('attempt'),
    providerMessageId: text('provider_message_id'),
    delivery: text('delivery', { enum: ['pending', 'delivered', 'failed'] }),
    error: text('error'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index('campaign_recipients_batch_idx').on(t.campaignId, t.batch),
    index('campaign_recipients_provider_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
  ],
);

/** Campaign settings admins change, one row per key (as store_settings). */
export const campaignSettings = pgTable('campaign_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<number>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

export type CampaignRow = typeof campaigns.$inferSelect;
