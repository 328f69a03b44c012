import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { USER_TYPES } from '@ecogrid/core/roles';
import { ROLE_RIGHTS, STAFF_ROLES, staffRoleOf } from '@ecogrid/core/staff-roles';
import { NOISY_ADDRESS_FAILURES, SECURITY_SUMMARY_DAYS, type SecuritySummary } from '@ecogrid/core/users';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { SIGN_IN_LOCKED } from './auth-log.service.ts';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** A day's start in Kampala (UTC+3, no daylight saving). */
const kampalaStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/**
 * GET /api/admin/security-summary: the last 14 days' failed sign-ins and lockouts (Kampala days),
 * how many admins and accounts use two-step sign-in, sessions still open by role, the roles
 * with their accounts, and the addresses with many failures in the last 24 hours, and the staff roles with
 * their rights and holders. Each figure is one query (six in all), read through created_at and expires_at.
 */
export async function securitySummary(db: Database, now = new Date()): Promise<SecuritySummary> {
  const today = kampalaDate(now);
  const first = addDays(today, -(SECURITY_SUMMARY_DAYS - 1));
  const since = kampalaStart(first).toISOString();
  const dayOf = (column: string) => sql.raw(`to_char((${column} at time zone 'Africa/Kampala')::date, 'YYYY-MM-DD')`);
  const [failures, lockouts, people, sessions, noisy, staff] = await Promise.all([
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select ${dayOf('created_at')} as day, count(*)::int as n from auth_attempts
          where success = false and created_at >= ${since} and failure_reason is distinct from 'in_progress'
          group by 1`,
    ),
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select ${dayOf('created_at')} as day, count(*)::int as n from security_events
          where event_type = ${SIGN_IN_LOCKED} and created_at >= ${since} group by 1`,
    ),
    rowsOf<{ role: string; accounts: number; active: number; two_step: number }>(
      db,
      sql`select user_type as role, count(*)::int as accounts,
            (count(*) filter (where is_active))::int as active,
            (count(*) filter (where is_active and two_factor_enabled))::int as two_step
          from users group by user_type`,
    ),
    rowsOf<{ role: string; n: number }>(
      db,
      sql`select u.user_type as role, count(*)::int as n from sessions s join users u on u.id = s.user_id
          where s.expires_at > ${now.toISOString()} group by u.user_type`,
    ),
    rowsOf<{ ip: string; n: number; accounts: number; last_at: string }>(
      db,
      sql`select ip_address as ip, count(*)::int as n, count(distinct identifier)::int as accounts,
            to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_at
          from auth_attempts
          where success = false and ip_address is not null and failure_reason is distinct from 'in_progress'
            and created_at >= ${new Date(now.getTime() - 86_400_000).toISOString()}
          group by ip_address having count(*) >= ${NOISY_ADDRESS_FAILURES}
          order by n desc, ip limit 10`,
    ),
    rowsOf<{ id: string; name: string; staff_role: string | null }>(
      db,
      sql`select id, full_name as name, staff_role from users
          where user_type = 'admin' and is_active order by full_name, id`,
    ),
  ]);
  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
  const failed = byDay(failures);
  const locked = byDay(lockouts);
  const role = (name: string) => people.find((p) => p.role === name);
  const sum = (pick: (p: (typeof people)[number]) => number) => people.reduce((total, p) => total + pick(p), 0);
  const open = new Map(sessions.map((s) => [s.role, s.n]));
  return {
    days: Array.from({ length: SECURITY_SUMMARY_DAYS }, (_, i) => {
      const day = addDays(first, i);
      return { day, failures: failed.get(day) ?? 0, lockouts: locked.get(day) ?? 0 };
    }),
    twoStep: {
      admins: role('admin')?.active ?? 0,
      adminsWithTwoStep: role('admin')?.two_step ?? 0,
      accounts: sum((p) => p.active),
      accountsWithTwoStep: sum((p) => p.two_step),
    },
    sessions: USER_TYPES.map((name) => ({ role: name, active: open.get(name) ?? 0 })),
    roles: USER_TYPES.map((name) => ({
      role: name,
      accounts: role(name)?.accounts ?? 0,
      active: role(name)?.active ?? 0,
    })),
    staffRoles: STAFF_ROLES.map((name) => ({
      role: name,
      rights: [...ROLE_RIGHTS[name]],
      holders: staff
        .filter((member) => staffRoleOf('admin', member.staff_role) === name)
        .map((member) => ({ id: member.id, name: member.name })),
    })),
    noisyAddresses: noisy.map((r) => ({ ipAddress: r.ip, failures: r.n, accounts: r.accounts, lastAt: r.last_at })),
  };
}
