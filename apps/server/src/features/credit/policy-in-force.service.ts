import { DEFAULT_CREDIT_POLICY, type CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { desc } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { creditPolicies } from '#src/db/schema/credit.ts';

/** The credit policy in force: the newest version admins saved, or the default as version 0. */
export async function creditPolicyInForce(db: Database | Tx): Promise<{ version: number; rules: CreditPolicyRules }> {
  const [row] = await db.select().from(creditPolicies).orderBy(desc(creditPolicies.version)).limit(1);
  return row ? { version: row.version, rules: row.rules } : { version: 0, rules: DEFAULT_CREDIT_POLICY };
}
