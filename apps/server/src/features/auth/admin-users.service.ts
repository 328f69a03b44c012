import { and, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { badRequest } from '#src/platform/errors.ts';

export type AdminUserRow = {
  id: string;
  fullName: string;
  email: string;
  phoneNumber: string | null;
  userType: string;
  agentStatus: string | null;
  isActive: boolean;
  createdAt: string;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Users newest first, searched by name, email or phone, one page at a time (cursor: created_at and id). */
export async function listUsers(
  db: Database,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: AdminUserRow[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.phoneNumber, pattern)));
  }
  if (query.cursor) {
    const [at, id] = Buffer.from(query.cursor, 'base64url').toString('utf8').split('|');
    if (!at || !id || Number.isNaN(Date.parse(at)))
      throw badRequest('The cursor is not valid. Start again from the first page.');
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((u) => ({
      id: u.id,
      fullName: u.fullName,
      email: u.email,
      phoneNumber: u.phoneNumber,
      userType: u.userType,
      agentStatus: u.agentStatus,
      isActive: u.isActive,
      createdAt: u.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}
