import { DEFAULT_CREDIT_POLICY, type CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '#src/db/client.ts';

/** The credit policy in force: the newest saved version, or the default as version 0. */
export async function creditPolicyInForce(db: Database | Tx): Promise<{ version: number; rules: CreditPolicyRules }> {
  const [row] = await queryRows<{ version: number; rules: CreditPolicyRules }>(
    db,
    sql`select version, rules from credit_policies order by version desc limit 1`,
  );
  return row ? { version: Number(row.version), rules: row.rules } : { version: 0, rules: DEFAULT_CREDIT_POLICY };
}
