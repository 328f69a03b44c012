import type { Person } from '@ecogrid/core/audit';
import { ROLE_RIGHTS, staffRoleOf, type StaffRight, type StaffRole } from '@ecogrid/core/staff-roles';
import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { AppError } from '#src/platform/errors.ts';
import { hasTotp } from './roles.service.ts';
import { containsPattern } from '#src/platform/sql-text.ts';

export type Profile = {
  id: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  username: string | null;
  userType: 'customer' | 'agent' | 'admin';
  agentStatus: 'applicant' | 'approved' | null;
  agentCode: string | null;
  /** What the customer types as the account when paying by paybill. */
  accountNumber: string;
  commissionRateBp: number | null;
  kycStatus: string;
  kycCompletionPercentage: number;
  emailVerified: boolean;
  phoneVerified: boolean;
  district: string | null;
  subCounty: string | null;
  village: string | null;
  isActive: boolean;
  onboardingCompleted: boolean;
  preferredLanguage: string;
  /** Updates may also come by SMS / by email (security notices and repayment reminders always do). */
  notifyBySms: boolean;
  notifyByEmail: boolean;
  twoFactorEnabled: boolean;
  /** An authenticator app is set up (admins need one; SMS codes alone do not count). */
  totpEnabled: boolean;
  /** Staff only: their role and the rights it holds (decision 020); null and none for everyone else. */
  staffRole: StaffRole | null;
  staffRights: StaffRight[];
  createdAt: string;
  updatedAt: string;
};

/** Emails made up for phone-only accounts end in this domain and are never shown or mailed. */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.ecogrid.invalid';

function toProfile(row: typeof users.$inferSelect, totpEnabled: boolean): Profile {
  const role = staffRoleOf(row.userType, row.staffRole);
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`) ? null : row.email,
    phoneNumber: row.phoneNumber,
    username: row.username,
    userType: row.userType,
    agentStatus: row.agentStatus,
    agentCode: row.agentCode,
    accountNumber: row.accountNumber,
    commissionRateBp: row.commissionRateBp,
    kycStatus: row.kycStatus,
    kycCompletionPercentage: row.kycCompletionPercentage,
    emailVerified: row.emailVerified,
    phoneVerified: row.phoneNumberVerified,
    district: row.district,
    subCounty: row.subCounty,
    village: row.village,
    isActive: row.isActive,
    onboardingCompleted: row.onboardingCompleted,
    preferredLanguage: row.preferredLanguage,
    notifyBySms: row.notifyBySms,
    notifyByEmail: row.notifyByEmail,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    totpEnabled: Boolean(row.twoFactorEnabled) && totpEnabled,
    staffRole: role,
    staffRights: role && row.isActive ? [...ROLE_RIGHTS[role]] : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('not_authenticated', 'User not authenticated', 401);
  return toProfile(row, await hasTotp(db, userId));
}

export type ProfileChanges = Partial<
  Pick<
    Profile,
    'fullName' | 'district' | 'subCounty' | 'village' | 'preferredLanguage' | 'notifyBySms' | 'notifyByEmail'
  >
>;

/** The fields people may change themselves; role, KYC, verification and agent terms are not among them. */
export async function updateProfile(db: Database, userId: string, changes: ProfileChanges): Promise<Profile> {
  const [row] = await db
    .update(users)
    .set({ ...changes, ...(changes.fullName ? { name: changes.fullName } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('not_authenticated', 'User not authenticated', 401);
  return toProfile(row, await hasTotp(db, userId));
}

/**
 * Where a user's notifications can go outside the app: only a confirmed phone number or a
 * confirmed real address (never the stand-in address of a phone-only account), with the user's
 * choices. Null when there is no such user.
 */
export async function deliveryContacts(db: Database | Tx, userId: string) {
  return (await deliveryContactsOf(db, [userId])).get(userId) ?? null;
}

export type DeliveryContacts = {
  email: string | null;
  phone: string | null;
  notifyBySms: boolean;
  notifyByEmail: boolean;
  isActive: boolean;
  /** users.preferred_language: what the notices are written in. */
  language: string;
};

/** deliveryContacts of many users in one query, by id; a user who does not exist is missing. */
export async function deliveryContactsOf(db: Database | Tx, ids: string[]): Promise<Map<string, DeliveryContacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      phoneNumber: users.phoneNumber,
      phoneVerified: users.phoneNumberVerified,
      notifyBySms: users.notifyBySms,
      notifyByEmail: users.notifyByEmail,
      isActive: users.isActive,
      language: users.preferredLanguage,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => {
      const realEmail = row.emailVerified && !row.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
      return [
        row.id,
        {
          email: realEmail ? row.email : null,
          phone: row.phoneVerified ? row.phoneNumber : null,
          notifyBySms: row.notifyBySms,
          notifyByEmail: row.notifyByEmail,
          isActive: row.isActive,
          language: row.language,
        },
      ];
    }),
  );
}

export type { Person };

/**
 * Who and where users are, by id, in one query: what both the people named in logs and the
 * customers an agent visits are drawn from. A stand-in email of a phone-only account is null.
 */
async function userRows(db: Database | Tx, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: users.fullName,
      email: users.email,
      phone: users.phoneNumber,
      role: users.userType,
      district: users.district,
      subCounty: users.subCounty,
      village: users.village,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return rows.map((r) => ({ ...r, email: r.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`) ? null : r.email }));
}

/** People as logs name them: name, email (not a phone-only stand-in), phone and role, by id. */
export async function peopleByIds(db: Database | Tx, ids: string[]): Promise<Map<string, Person>> {
  const rows = await userRows(db, ids);
  return new Map(rows.map(({ id, name, email, phone, role }) => [id, { id, name, email, phone, role }]));
}

/** Names and contacts of users, by id, for lists that show who did or owns something. */
export async function userSummaries(
  db: Database | Tx,
  ids: string[],
): Promise<Map<string, { id: string; name: string; email: string | null; phone: string | null }>> {
  const people = await peopleByIds(db, ids);
  return new Map([...people].map(([id, { role: _, ...summary }]) => [id, summary]));
}

/** Each user's preferred language (a users.preferred_language value), by id: what the server writes them in. */
export async function preferredLanguages(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = await userRows(db, ids);
  return new Map(rows.map((r) => [r.id, r.preferredLanguage]));
}

/** The actor block of a log line: the name and role, or nulls for an account no longer on record. */
export function actorOf(people: Map<string, Person>, id: string) {
  const person = people.get(id);
  return { id, name: person?.name ?? null, role: person?.role ?? null };
}

/** Ids of users whose name, email or phone contains the text, or whose account number it is (at most `limit`). */
export async function searchUserIds(db: Database, text: string, limit: number): Promise<string[]> {
  const pattern = containsPattern(text);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        ilike(users.fullName, pattern),
        ilike(users.email, pattern),
        ilike(users.phoneNumber, pattern),
        eq(users.accountNumber, text.trim()),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The profile's copy of a user's identity-check state, changed in the transaction that changes the check. */
export async function setKycState(
  db: Database | Tx,
  userId: string,
  state: { kycStatus: 'pending' | 'submitted' | 'verified' | 'rejected'; kycCompletionPercentage: number },
): Promise<void> {
  await db
    .update(users)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Who has this phone number (E.164), for an agent looking up a customer they are with. */
export async function userByPhone(db: Database, phoneNumber: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      phoneNumber: users.phoneNumber,
      phoneVerified: users.phoneNumberVerified,
      userType: users.userType,
      isActive: users.isActive,
      preferredLanguage: users.preferredLanguage,
    })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber));
  return row ?? null;
}

/** Agents' codes by user id. */
export async function agentCodes(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, code: users.agentCode }).from(users).where(inArray(users.id, ids));
  return new Map(rows.flatMap((r) => (r.code ? [[r.id, r.code] as const] : [])));
}

/** The agent with this code (any case), or undefined. */
export async function agentIdByCode(db: Database | Tx, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.agentCode}) = upper(${code})`);
  return row?.id;
}

export type CustomerCard = {
  name: string;
  phone: string | null;
  district: string | null;
  subCounty: string | null;
  village: string | null;
  preferredLanguage: string;
};

/** Who and where customers are, by id, for the agent who visits them (one query). */
export async function customerCards(db: Database | Tx, ids: string[]): Promise<Map<string, CustomerCard>> {
  const rows = await userRows(db, ids);
  return new Map(
    rows.map(({ id, name, phone, district, subCounty, village, preferredLanguage }) => [
      id,
      { name, phone, district, subCounty, village, preferredLanguage },
    ]),
  );
}

/** An agent's commission rate now (basis points; 0 when none is set), copied onto what they sell. */
export async function agentCommissionRate(db: Database | Tx, agentId: string): Promise<number> {
  const [row] = await db.select({ rate: users.commissionRateBp }).from(users).where(eq(users.id, agentId));
  return row?.rate ?? 0;
}

/** The language chosen by the account that holds `phoneNumber` (E.164); a number with no account reads English. */
export async function languageOfPhone(db: Database, phoneNumber: string): Promise<string> {
  return (await userByPhone(db, phoneNumber))?.preferredLanguage ?? 'english';
}
