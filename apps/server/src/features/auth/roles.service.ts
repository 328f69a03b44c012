import type { UserType } from '@ecogrid/core';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { twoFactors, users } from '#src/db/schema/auth.ts';

/**
 * Spec has_role(user, role): whether the user holds the role now, read from the database.
 * An agent holds the agent role only once an admin has approved them; a deactivated account
 * holds no role.
 */
export async function hasRole(db: Database, userId: string, role: UserType): Promise<boolean> {
  const [row] = await db
    .select({ userType: users.userType, agentStatus: users.agentStatus, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !row.isActive || row.userType !== role) return false;
  return role !== 'agent' || row.agentStatus === 'approved';
}

/** Whether the user's second factor includes a confirmed authenticator app (SMS codes alone do not count for admins). */
export async function hasTotp(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), or(eq(twoFactors.verified, true), isNull(twoFactors.verified))));
  return Boolean(row);
}
