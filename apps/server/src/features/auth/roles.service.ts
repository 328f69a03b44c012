import type { UserType } from '@ecogrid/core';
import { roleHasRight, rolesWithRight, staffRoleOf, type StaffRight, type StaffRole } from '@ecogrid/core/staff-roles';
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

/** The staff member's role now, read from the database: null for an account that is not active staff. */
export async function staffRole(db: Database | Tx, userId: string): Promise<StaffRole | null> {
  const [row] = await db
    .select({ userType: users.userType, staffRole: users.staffRole, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !row.isActive) return null;
  return staffRoleOf(row.userType, row.staffRole);
}

/**
 * Whether a signed-in user may use one staff tool now: staff, with an authenticator app switched
 * on, in a role that holds the right (the full admin holds every right).
 */
export async function staffAccess(
  db: Database,
  user: { id: string; twoFactorEnabled: boolean },
  right: StaffRight,
): Promise<'ok' | 'not_admin' | 'needs_totp' | 'right_missing'> {
  const role = await staffRole(db, user.id);
  if (!role) return 'not_admin';
  if (!user.twoFactorEnabled || !(await hasTotp(db, user.id))) return 'needs_totp';
  return roleHasRight(role, right) ? 'ok' : 'right_missing';
}

const RIGHT_NAMES: Record<StaffRight, string> = {
  'customers.read': 'see customers',
  'customers.change': 'change customer accounts',
  'catalog.read': 'see the catalogue',
  'catalog.change': 'change the catalogue and stock',
  'orders.read': 'see orders',
  'orders.change': 'change orders and deliveries',
  'payments.read': 'see payments',
  'payments.change': 'resolve payments and refund',
  'credit.read': 'see loans and credit',
  'credit.change': 'change loans and credit',
  'write_offs.change': 'write off loans',
  'kyc.read': 'see identity checks',
  'kyc.change': 'decide identity checks',
  'agents.read': 'see agents',
  'agents.change': 'change agents',
  'support.read': 'see support requests',
  'support.change': 'answer support requests',
  'reports.read': 'see reports',
  'system.read': 'see jobs and messages',
  'system.change': 'run jobs and resend messages',
  'audit.read': 'see the audit and security logs',
  'staff.manage': 'manage staff',
};

/** The 403 for a staff member whose role lacks the right, naming what it is. */
export function rightMissing(right: StaffRight): AppError {
  return new AppError(
    'staff_right_missing',
    `Your staff role does not let you ${RIGHT_NAMES[right]}. Ask a full admin if you need it.`,
    403,
  );
}

async function checkStaff(c: Context<AppEnv>, right: StaffRight) {
  const user = c.var.user;
  if (!user) throw new AppError('not_authenticated', 'User not authenticated', 401);
  const access = await staffAccess(c.var.db, user, right);
  if (access === 'not_admin') throw new AppError('forbidden', 'This is for admins only.', 403);
  if (access === 'needs_totp') throw new AppError('admin_totp_required', ADMIN_NEEDS_TOTP, 403);
  if (access === 'right_missing') throw rightMissing(right);
}

/**
 * Every staff API: signed in (401), staff (403), with an authenticator app switched on (403
 * saying so), in a role holding the right (403 staff_right_missing). The route's OpenAPI
 * operation names the same right in `x-staff-right` (see `staffRight`).
 */
export function requireStaff(right: StaffRight) {
  return async (c: Context<AppEnv>, next: Next) => {
    await checkStaff(c, right);
    await next();
  };
}

/** For a router whose every route is staff-only: reads need one right, changes another. */
export function requireStaffByMethod(read: StaffRight, change: StaffRight) {
  return async (c: Context<AppEnv>, next: Next) => {
    await checkStaff(c, c.req.method === 'GET' || c.req.method === 'HEAD' ? read : change);
    await next();
  };
}

/** The OpenAPI fields that say which right an operation checks: spread into createRoute. */
export function staffRight(right: StaffRight) {
  return {
    'x-staff-right': right,
    'x-staff-roles': rolesWithRight(right),
  } as const;
}

/** Full admins only (managing staff): the same checks as requireStaff('staff.manage'). */
export async function requireAdmin(c: Context<AppEnv>, next: Next) {
  await checkStaff(c, 'staff.manage');
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

/** What a staff-only route answers anyone else, for its OpenAPI description. */
export const ADMIN_DENIED = {
  401: errorResponse('Not signed in'),
  403: errorResponse(
    'Not staff, staff without an authenticator app, or a staff role without the right this operation needs (staff_right_missing)',
  ),
};
