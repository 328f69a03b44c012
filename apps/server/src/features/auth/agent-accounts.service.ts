import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { notFound } from '#src/platform/errors.ts';
import { after, type PageQuery } from '#src/platform/pagination.ts';
import { containsPattern } from '#src/platform/sql-text.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

const columns = {
  id: users.id,
  name: users.fullName,
  phone: users.phoneNumber,
  email: users.email,
  agentStatus: users.agentStatus,
  agentCode: users.agentCode,
  commissionRateBp: users.commissionRateBp,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

const withEmail = <T extends { email: string }>(row: T) => ({
  ...row,
  email: row.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`) ? null : row.email,
});

/**
 * Agent accounts for admins (applicants and approved), newest first, a keyset page at a time;
 * by status, and by name, code, phone or email containing `q`.
 */
export async function agentAccounts(
  db: Database,
  filters: { status?: 'applicant' | 'approved'; q?: string },
  page: PageQuery,
) {
  const pattern = filters.q ? containsPattern(filters.q) : null;
  const rows = await db
    .select(columns)
    .from(users)
    .where(
      and(
        eq(users.userType, 'agent'),
        filters.status ? eq(users.agentStatus, filters.status) : undefined,
        pattern
          ? or(
              ilike(users.fullName, pattern),
              ilike(users.agentCode, pattern),
              ilike(users.phoneNumber, pattern),
              ilike(users.email, pattern),
            )
          : undefined,
        after(users.createdAt, users.id, page.cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1);
  return rows.map(withEmail);
}

/** One agent account (an applicant or approved), or 404. */
export async function agentAccount(db: Database | Tx, id: string) {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, 'agent')));
  if (!row) throw notFound('No agent has this id.');
  return withEmail(row);
}

export type AgentAccount = Awaited<ReturnType<typeof agentAccount>>;

/** Sets an agent's commission rate (what they sell from now on earns at it), in the caller's transaction. */
export async function setAgentRate(tx: Tx, id: string, commissionRateBp: number) {
  await tx.update(users).set({ commissionRateBp, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The active admins, to be told of what needs their eyes (a new agent applicant). */
export async function activeAdminIds(db: Database | Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

export { onAgentApplied, type ApplicantRule } from './applicant-rules.ts';
