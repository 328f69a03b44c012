import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { agentCustomers } from '../schema/agents.ts';
import { users } from '../schema/auth.ts';
import { loanPlans } from '../schema/loans.ts';
import { products } from '../schema/index.ts';
import { phoneOnlyEmail } from '../../features/auth/phone-sign-up.ts';
import type { DemoCustomer } from './demo-agent-people.ts';

/** A customer's phone account (no password: they use USSD and the agent), served by the agent. */
export async function insertCustomer(tx: Tx, agent: { id: string }, person: DemoCustomer): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({
      name: person.name,
      fullName: person.name,
      email: phoneOnlyEmail(person.phone),
      phoneNumber: person.phone,
      phoneNumberVerified: true,
      userType: 'customer',
      district: person.district,
      subCounty: person.subCounty,
      village: person.village,
      preferredLanguage: person.language,
      kycStatus: person.kyc,
      kycCompletionPercentage: { pending: 20, submitted: 100, verified: 100, rejected: 100 }[person.kyc],
      onboardingCompleted: true,
    })
    .returning({ id: users.id });
  const id = row!.id;
  await tx.execute(
    sql`insert into kyc_records (user_id, status, district, sub_county, village, rejection_reason)
        values (${id}, ${person.kyc}, ${person.district}, ${person.subCounty}, ${person.village},
                ${person.kyc === 'rejected' ? 'The ID photo is too dark to read.' : null})`,
  );
  const now = new Date();
  await tx.insert(agentCustomers).values({
    agentId: agent.id,
    customerId: id,
    consentedAt: now,
    consentExpiresAt: new Date(now.getTime() + 86_400_000),
  });
  return id;
}

/** The first product sold on credit (by SKU) with its monthly plan, and a product sold for cash. */
export async function demoStock(tx: Tx) {
  const [onCredit] = await tx
    .select()
    .from(products)
    .where(eq(products.loanEligible, true))
    .orderBy(asc(products.sku))
    .limit(1);
  if (!onCredit) return null;
  const [plan] = await tx
    .select()
    .from(loanPlans)
    .where(and(eq(loanPlans.productId, onCredit.id), eq(loanPlans.frequency, 'monthly')))
    .limit(1);
  const [forCash] = await tx
    .select()
    .from(products)
    .where(eq(products.loanEligible, false))
    .orderBy(asc(products.price))
    .limit(1);
  return plan && forCash ? { onCredit, plan, forCash } : null;
}
