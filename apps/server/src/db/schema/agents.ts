import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * An agent asks to act for a customer; the customer agrees by reading back the code sent to
 * their phone. Only the code's hash is kept.
 */
export const agentConsentCodes = pgTable(
  'agent_consent_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('agent_consent_codes_pair_idx').on(t.agentId, t.customerId, t.createdAt)],
);

/** Customers an agent serves, with the consent that lets the agent act for them until it expires. */
export const agentCustomers = pgTable(
  'agent_customers',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
    consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.customerId] }), index('agent_customers_customer_idx').on(t.customerId)],
);
