import { z } from 'zod';
import { personSchema } from './audit.ts';
import { USER_TYPES } from './roles.ts';
import { STAFF_RIGHTS, STAFF_ROLES } from './staff-roles.ts';

/** An account as the admin's user list shows it. */
export const adminUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  userType: z.enum(USER_TYPES),
  /** Staff only (userType admin): their role; null for everyone else. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  agentStatus: z.enum(['applicant', 'approved']).nullable(),
  agentCode: z.string().nullable(),
  /** What the customer types as the account when paying by paybill. */
  accountNumber: z.string(),
  /** Basis points: 250 is 2.5 %. */
  commissionRateBp: z.number().int().nullable(),
  twoFactorEnabled: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One line of the security log, with the people it names. */
export const securityEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  userId: z.string().nullable(),
  user: personSchema.nullable().describe('The account the event is about (null: none, or no longer on record)'),
  target: personSchema.nullable().describe('The account an admin acted on (details.targetUserId)'),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** One sign-in attempt, successful or not. */
export const authAttemptSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  user: personSchema.nullable().describe('The account tried, when the identifier matched one'),
  loginMethod: z.string(),
  identifier: z.string(),
  success: z.boolean(),
  failureReason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuthAttempt = z.infer<typeof authAttemptSchema>;

/** The days the security dashboard charts, ending today (Kampala). */
export const SECURITY_SUMMARY_DAYS = 14;
/** An address with at least this many failed sign-ins in a day is listed. */
export const NOISY_ADDRESS_FAILURES = 3;

/** The security dashboard's figures: sign-in trouble over time, two-step sign-in, sessions, roles. */
export const securitySummarySchema = z.object({
  days: z
    .array(z.object({ day: z.string(), failures: z.number().int(), lockouts: z.number().int() }))
    .describe('Failed sign-ins and sign-ins refused for too many failures, per day (Kampala), oldest first'),
  twoStep: z.object({
    admins: z.number().int().describe('Active admins'),
    adminsWithTwoStep: z.number().int().describe('Of them, with an authenticator app: must be all'),
    accounts: z.number().int().describe('Active accounts'),
    accountsWithTwoStep: z.number().int(),
  }),
  sessions: z
    .array(z.object({ role: z.enum(USER_TYPES), active: z.number().int() }))
    .describe('Sessions not yet expired, by the role of their account'),
  roles: z
    .array(z.object({ role: z.enum(USER_TYPES), accounts: z.number().int(), active: z.number().int() }))
    .describe('The roles there are, with how many accounts hold each'),
  staffRoles: z
    .array(
      z.object({
        role: z.enum(STAFF_ROLES),
        rights: z.array(z.enum(STAFF_RIGHTS)),
        holders: z.array(z.object({ id: z.string(), name: z.string() })),
      }),
    )
    .describe('The staff roles (decision 020) with their rights and the active staff who hold each'),
  noisyAddresses: z
    .array(
      z.object({ ipAddress: z.string(), failures: z.number().int(), accounts: z.number().int(), lastAt: z.string() }),
    )
    .describe('Addresses with many failed sign-ins in the last 24 hours, most first'),
});
export type SecuritySummary = z.infer<typeof securitySummarySchema>;
