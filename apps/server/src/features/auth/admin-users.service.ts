import type { UserType } from '@ecogrid/core/roles';
import { staffRoleOf, type StaffRole } from '@ecogrid/core/staff-roles';
import type { AdminUser, AuthAttempt, SecurityEvent } from '@ecogrid/core/users';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { authAttempts, securityEvents, sessions, twoFactors, users } from '#src/db/schema/auth.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { peopleByIds, PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';
import { containsPattern } from '#src/platform/sql-text.ts';

function toRow(u: typeof users.$inferSelect): AdminUser {
  return {
    id: u.id,
    fullName: u.fullName,
    email: u.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`) ? null : u.email,
    emailVerified: u.emailVerified,
    phoneNumber: u.phoneNumber,
    phoneVerified: u.phoneNumberVerified,
    userType: u.userType,
    staffRole: staffRoleOf(u.userType, u.staffRole),
    agentStatus: u.agentStatus,
    agentCode: u.agentCode,
    accountNumber: u.accountNumber,
    commissionRateBp: u.commissionRateBp,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    isActive: u.isActive,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Users newest first, searched by name, email, phone, agent code or account number, one page at a time. */
export async function listUsers(db: Database, query: PageQuery & { q?: string | undefined }): Promise<Page<AdminUser>> {
  const conditions: (SQL | undefined)[] = [after(users.createdAt, users.id, query.cursor)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(users.fullName, pattern),
        ilike(users.email, pattern),
        ilike(users.phoneNumber, pattern),
        ilike(users.agentCode, pattern),
        eq(users.accountNumber, query.q.trim()),
      ),
    );
  }
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, toRow);
}

/**
 * One change to someone's account by an admin, in one transaction with its line in the
 * security log. Admins cannot do these things to their own account, so nobody locks
 * themselves (or the last admin) out by mistake.
 */
async function adminChange(
  db: Database,
  actorId: string,
  targetId: string,
  eventType: string,
  change: (tx: Tx, target: typeof users.$inferSelect) => Promise<Record<string, unknown>>,
): Promise<AdminUser> {
  if (actorId === targetId) {
    throw new AppError('own_account', 'You cannot change your own account here. Ask another admin.', 409);
  }
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw notFound('No user has this id.');
    const details = await change(tx, target);
    await tx
      .insert(securityEvents)
      .values({ eventType, userId: actorId, details: { targetUserId: targetId, ...details } });
    const [updated] = await tx.select().from(users).where(eq(users.id, targetId));
    return toRow(updated!);
  });
}

/**
 * Makes someone a customer, an agent or an admin. A new agent starts as an applicant; an
 * agent who stops being one loses their approval (their code stays reserved for the record).
 */
export function changeRole(db: Database, actorId: string, targetId: string, userType: UserType) {
  return adminChange(db, actorId, targetId, 'admin_role_changed', async (tx, target) => {
    const agentStatus = userType === 'agent' ? (target.userType === 'agent' ? target.agentStatus : 'applicant') : null;
    // Someone who stops being staff loses their staff role with it.
    const staffRole = userType === 'admin' ? target.staffRole : null;
    await tx
      .update(users)
      .set({ userType, agentStatus, staffRole, updatedAt: new Date() })
      .where(eq(users.id, targetId));
    return { from: target.userType, to: userType };
  });
}

/** Gives a staff member another role (decision 020); the security log keeps the old and the new. */
export function setStaffRole(db: Database, actorId: string, targetId: string, staffRole: StaffRole) {
  return adminChange(db, actorId, targetId, 'admin_staff_role_changed', async (tx, target) => {
    if (target.userType !== 'admin') {
      throw new AppError('not_staff', 'Only staff have a staff role. Make the account an admin first.', 422);
    }
    await tx.update(users).set({ staffRole, updatedAt: new Date() }).where(eq(users.id, targetId));
    return { from: staffRoleOf(target.userType, target.staffRole), to: staffRole };
  });
}

/** Approves an agent (applicant or already approved) with their code and commission rate in basis points. */
export function approveAgent(
  db: Database,
  actorId: string,
  targetId: string,
  terms: { agentCode: string; commissionRateBp: number },
) {
  return adminChange(db, actorId, targetId, 'admin_agent_approved', async (tx, target) => {
    if (target.userType !== 'agent') {
      throw new AppError('not_an_agent', 'Only agent accounts can be approved. Change the role to agent first.', 422);
    }
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.agentCode, terms.agentCode));
    if (holder && holder.id !== targetId) {
      throw new AppError('agent_code_taken', `The agent code ${terms.agentCode} is already in use.`, 409);
    }
    await tx
      .update(users)
      .set({ agentStatus: 'approved', ...terms, updatedAt: new Date() })
      .where(eq(users.id, targetId));
    return terms;
  });
}

/** Deactivating ends every session at once; a deactivated account cannot sign in again until reactivated. */
export function setActive(db: Database, actorId: string, targetId: string, isActive: boolean) {
  return adminChange(
    db,
    actorId,
    targetId,
    isActive ? 'admin_user_reactivated' : 'admin_user_deactivated',
    async (tx) => {
      await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, targetId));
      if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, targetId));
      return {};
    },
  );
}

/**
 * For someone who lost their authenticator or phone: switches the second factor off and
 * removes its secret and backup codes, and ends their sessions. They sign in with their
 * password and set it up again (an admin must, before admin tools open).
 */
export function resetMfa(db: Database, actorId: string, targetId: string) {
  return adminChange(db, actorId, targetId, 'admin_mfa_reset', async (tx) => {
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, targetId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, targetId));
    await tx.delete(sessions).where(eq(sessions.userId, targetId));
    return {};
  });
}

/** The security log, newest first, optionally one event type or one user. */
export async function listSecurityEvents(
  db: Database,
  query: PageQuery & { type?: string | undefined; userId?: string | undefined },
): Promise<Page<SecurityEvent>> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(
      and(
        after(securityEvents.createdAt, securityEvents.id, query.cursor),
        query.type ? eq(securityEvents.eventType, query.type) : undefined,
        query.userId ? eq(securityEvents.userId, query.userId) : undefined,
      ),
    )
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(query.limit + 1);
  const targetOf = (details: Record<string, unknown>) =>
    typeof details.targetUserId === 'string' ? details.targetUserId : null;
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.userId, targetOf(r.details)].filter((id): id is string => id !== null)),
  );
  const find = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return toPage(rows, query.limit, (r) => ({
    ...r,
    user: find(r.userId),
    target: find(targetOf(r.details)),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Sign-in attempts, newest first, optionally only the failures. */
export async function listAuthAttempts(
  db: Database,
  query: PageQuery & { failedOnly?: boolean | undefined },
): Promise<Page<AuthAttempt>> {
  const rows = await db
    .select()
    .from(authAttempts)
    .where(
      and(
        after(authAttempts.createdAt, authAttempts.id, query.cursor),
        query.failedOnly ? eq(authAttempts.success, false) : undefined,
      ),
    )
    .orderBy(desc(authAttempts.createdAt), desc(authAttempts.id))
    .limit(query.limit + 1);
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return toPage(rows, query.limit, (r) => ({
    ...r,
    user: r.userId ? (people.get(r.userId) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
