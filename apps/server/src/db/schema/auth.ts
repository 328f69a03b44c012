import { sql } from 'drizzle-orm';
import { STAFF_ROLES } from '@ecogrid/core/staff-roles';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Tables of the auth library (better-auth): the JS property names are the library's field
// names, which its Drizzle adapter looks up. Ids are UUIDs (advanced.database.generateId).

/** better-auth leaves id generation to the database when told to use UUIDs. */
const uuidText = sql`gen_random_uuid()::text`;

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Account numbers for paying by paybill: six digits from this sequence (seven after the 900,000th account) and a Luhn check digit
 * (`paybill_account_number`, a SQL function made by the migration; `accountNumberValid` in
 * core checks one), so a typo in any one digit, or two neighbours swapped, is caught.
 */
export const accountNumberSeq = pgSequence('account_number_seq', { startWith: 100000, maxValue: 9999999 });

/** One row per person: the account and the profile fields of spec section 3. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().default(uuidText),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
    phoneNumber: text('phone_number').unique(),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: stamp('ban_expires'),
    // Profile (spec section 3).
    fullName: text('full_name').notNull().default('User'),
    username: text('username').unique(),
    userType: text('user_type', { enum: ['customer', 'agent', 'admin'] })
      .notNull()
      .default('customer'),
    /** Staff only (user_type admin): what they may do (decision 020); null for everyone else. */
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    agentStatus: text('agent_status', { enum: ['applicant', 'approved'] }),
    agentCode: text('agent_code').unique(),
    commissionRateBp: integer('commission_rate_bp'),
    kycStatus: text('kyc_status').notNull().default('pending'),
    kycCompletionPercentage: integer('kyc_completion_percentage').notNull().default(0),
    district: text('district'),
    subCounty: text('sub_county'),
    village: text('village'),
    isActive: boolean('is_active').notNull().default(true),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    preferredLanguage: text('preferred_language').notNull().default('english'),
    // Whether updates (orders, payments, identity checks) may also go out by SMS and email;
    // security notices and repayment reminders go out whatever these say.
    notifyBySms: boolean('notify_by_sms').notNull().default(true),
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    /** What the customer types as the account when paying by paybill; given when the row is made. */
    accountNumber: text('account_number')
      .notNull()
      .unique()
      .default(sql`paybill_account_number(nextval('account_number_seq'))`),
  },
  (t) => [
    check('users_commission_rate_range', sql`${t.commissionRateBp} between 0 and 10000`),
    check('users_kyc_percentage_range', sql`${t.kycCompletionPercentage} between 0 and 100`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey().default(uuidText),
    expiresAt: stamp('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey().default(uuidText),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: stamp('access_token_expires_at'),
    refreshTokenExpiresAt: stamp('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey().default(uuidText),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey().default(uuidText),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: stamp('locked_until'),
  },
  (t) => [index('two_factors_user_idx').on(t.userId)],
);

export const jwks = pgTable('jwks', {
  id: text('id').primaryKey().default(uuidText),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: stamp('created_at').notNull(),
  expiresAt: stamp('expires_at'),
  alg: text('alg'),
  crv: text('crv'),
});

/**
 * Request counts per address and path, shared by every app process; each counts the fixed window
 * that opened at `last_request` (platform/rate-limit-store.ts).
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey().default(uuidText),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Spec log_security_event: sign-up and sign-in outcomes. Never passwords, codes or tokens. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    eventType: text('event_type').notNull(),
    userId: text('user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_idx').on(t.createdAt),
    index('security_events_user_idx').on(t.userId),
    index('security_events_type_idx').on(t.eventType, t.createdAt),
  ],
);

/** Spec log_auth_attempt: who tried to sign in, how, and whether it worked. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id'),
    loginMethod: text('login_method').notNull(),
    identifier: text('identifier').notNull(),
    success: boolean('success').notNull(),
    failureReason: text('failure_reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  // The sign-in limits count recent failures per account and per address (auth-log.service.ts).
  (t) => [
    index('auth_attempts_created_idx').on(t.createdAt),
    index('auth_attempts_identifier_idx').on(t.identifier, t.createdAt),
    index('auth_attempts_ip_idx').on(t.ipAddress, t.createdAt),
    index('auth_attempts_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The tables under the names the auth library's adapter asks for. */
export const authSchema = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  twoFactor: twoFactors,
  jwks,
  rateLimit: rateLimits,
};
