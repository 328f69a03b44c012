import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accounts, sessions, users } from '../schema/auth.ts';

/** The one password of every demo sign-in, published in the README. */
export const DEMO_PASSWORD = 'solar lantern at dusk';

type DemoAccount = Pick<
  typeof users.$inferInsert,
  | 'email'
  | 'fullName'
  | 'userType'
  | 'staffRole'
  | 'agentStatus'
  | 'agentCode'
  | 'commissionRateBp'
  | 'phoneNumber'
  | 'district'
>;

export const DEMO_ACCOUNTS: DemoAccount[] = [
  // The admin has no authenticator yet: admin tools open once one is set up in My account.
  { email: 'admin@ecogrid.demo', fullName: 'Demo Admin', userType: 'admin', staffRole: 'admin', district: 'Kampala' },
  // Staff with a narrower role (decision 020): loans, credit and identity checks, never payments.
  {
    email: 'credit@ecogrid.demo',
    fullName: 'Demo Credit Officer',
    userType: 'admin',
    staffRole: 'credit_officer',
    district: 'Kampala',
  },
  // A second pair of eyes on payments (decision 020): approves refunds another staff member asked for.
  {
    email: 'finance@ecogrid.demo',
    fullName: 'Demo Finance Officer',
    userType: 'admin',
    staffRole: 'finance',
    district: 'Kampala',
  },
  {
    email: 'agent@ecogrid.demo',
    fullName: 'Demo Agent',
    userType: 'agent',
    agentStatus: 'approved',
    agentCode: 'EG-DEMO-01',
    commissionRateBp: 500,
    phoneNumber: '+256772000002',
    district: 'Mukono',
  },
  {
    email: 'customer@ecogrid.demo',
    fullName: 'Demo Customer',
    userType: 'customer',
    phoneNumber: '+256772000001',
    district: 'Wakiso',
  },
];

/**
 * Creates the demo sign-ins that do not exist yet, with confirmed addresses and numbers.
 * Only for trying the app: their password is public.
 */
export async function seedDemoAccounts(db: Database): Promise<{ accounts: number }> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
  if (missing.length === 0) return { accounts: 0 };
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const account of missing) {
      const [user] = await tx
        .insert(users)
        .values({
          ...account,
          name: account.fullName!,
          emailVerified: true,
          phoneNumberVerified: Boolean(account.phoneNumber),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) continue;
      await tx
        .insert(accounts)
        .values({ userId: user.id, accountId: user.id, providerId: 'credential', password: hash });
    }
  });
  return { accounts: missing.length };
}

/**
 * With demo sign-ins switched off, any left from before are deactivated and signed out, so a
 * copy that once ran with them does not keep a public password working.
 */
export async function disableDemoAccounts(db: Database): Promise<{ accounts: number }> {
  return db.transaction(async (tx) => {
    const disabled = await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(
        and(
          inArray(
            users.email,
            DEMO_ACCOUNTS.map((a) => a.email),
          ),
          eq(users.isActive, true),
        ),
      )
      .returning({ id: users.id });
    if (disabled.length > 0)
      await tx.delete(sessions).where(
        inArray(
          sessions.userId,
          disabled.map((u) => u.id),
        ),
      );
    return { accounts: disabled.length };
  });
}
