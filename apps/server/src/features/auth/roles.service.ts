import type { UserType } from '@ecogrid/core';
import type { Context, Next } from 'hono';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { twoFactors, users } from '#src/db/schema/auth.ts';
import { AppError } from '#src/platform/errors.ts';
import { errorResponse, type AppEnv } from '#src/platform/http.ts';

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

/** Each user's type (customer, agent, admin), by id; users not on record are left out. */
export async function userTypes(db: Database | Tx, ids: string[]): Promise<Map<string, UserType>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, userType: users.userType }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.userType]));
}

/** Whether the user's second factor includes a confirmed authenticator app (SMS codes alone do not count for admins). */
export async function hasTotp(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), or(eq(twoFactors.verified, true), isNull(twoFactors.verified))));
  return Boolean(row);
}

export const ADMIN_NEEDS_TOTP =
  'Admins must set up two-step sign-in with an authenticator app before using admin tools. Open My account to set it up.';

/** Every admin API: signed in (401), an admin (403), with an authenticator app switched on (403 saying so). */
export async function requireAdmin(c: Context<AppEnv>, next: Next) {
  const user = c.var.user;
  if (!user) throw new AppError('not_authenticated', 'User not authenticated', 401);
  const access = await adminAccess(c.var.db, user);
  if (access === 'not_admin') throw new AppError('forbidden', 'This is for admins only.', 403);
  if (access === 'needs_totp') throw new AppError('admin_totp_required', ADMIN_NEEDS_TOTP, 403);
  await next();
}

/** Whether a signed-in user may use admin tools now: an admin, with an authenticator app switched on. */
export async function adminAccess(
  db: Database,
  user: { id: string; twoFactorEnabled: boolean },
): Promise<'ok' | 'not_admin' | 'needs_totp'> {
  if (!(await hasRole(db, user.id, 'admin'))) return 'not_admin';
  if (!user.twoFactorEnabled || !(await hasTotp(db, user.id))) return 'needs_totp';
  return 'ok';
}

/** What an admin-only route answers anyone else, for its OpenAPI description. */
export const ADMIN_DENIED = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin, or an admin without an authenticator app'),
};
