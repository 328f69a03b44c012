import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { inIdSet } from '#src/platform/id-set.ts';

export type CampaignCustomer = {
  id: string;
  name: string;
  district: string | null;
  /** A confirmed phone number, or null. */
  phone: string | null;
  language: string;
  /** Whether they let updates come by SMS: a campaign leaves out those who switched it off. */
  notifyBySms: boolean;
};

/**
 * Active customers in any of these districts (all districts when none is given), and among these
 * ids when given: who an SMS campaign's segment holds, by name.
 */
export async function campaignCustomers(
  db: Database | Tx,
  filter: { districts: string[]; ids: string[] | null },
): Promise<CampaignCustomer[]> {
  if (filter.ids?.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: users.fullName,
      district: users.district,
      phone: users.phoneNumber,
      phoneVerified: users.phoneNumberVerified,
      language: users.preferredLanguage,
      notifyBySms: users.notifyBySms,
    })
    .from(users)
    .where(
      and(
        eq(users.userType, 'customer'),
        eq(users.isActive, true),
        filter.districts.length > 0
          ? inArray(
              sql`lower(${users.district})`,
              filter.districts.map((d) => d.toLowerCase()),
            )
          : undefined,
        filter.ids ? inIdSet(users.id, filter.ids) : undefined,
      ),
    )
    .orderBy(users.fullName, users.id);
  return rows.map(({ phoneVerified, phone, ...row }) => ({ ...row, phone: phoneVerified ? phone : null }));
}

/** Approved agents by name, for pickers. */
export async function approvedAgentNames(db: Database | Tx): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.userType, 'agent'), eq(users.agentStatus, 'approved')))
    .orderBy(users.fullName, users.id);
}
