import {
  DEFAULT_CREDIT_POLICY,
  type AdminCreditPolicy,
  type CreditPolicy,
  type CreditPolicyRules,
} from '@ecogrid/core/credit-policy';
import type { Page } from '@ecogrid/core/page';
import { desc, lt } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { creditPolicies } from '#src/db/schema/credit.ts';
import { AppError } from '#src/platform/errors.ts';
import { invalidCursor } from '#src/platform/pagination.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';

const toPolicy = (row: typeof creditPolicies.$inferSelect): CreditPolicy => ({
  version: row.version,
  rules: row.rules,
  note: row.note,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** Version 0: the rules in force before any admin saved a policy. */
const DEFAULT_VERSION: CreditPolicy = {
  version: 0,
  rules: DEFAULT_CREDIT_POLICY,
  note: null,
  createdBy: null,
  createdAt: new Date(0).toISOString(),
};

/** The policy in force: the newest saved version, or the default as version 0. */
export async function creditPolicyInForce(db: Database | Tx): Promise<CreditPolicy> {
  const [row] = await db.select().from(creditPolicies).orderBy(desc(creditPolicies.version)).limit(1);
  return row ? toPolicy(row) : DEFAULT_VERSION;
}

/** Versions as admins read them: each with the name of the admin who saved it. */
export async function withSaverNames(db: Database, policies: CreditPolicy[]): Promise<AdminCreditPolicy[]> {
  const ids = [...new Set(policies.flatMap((p) => (p.createdBy ? [p.createdBy] : [])))];
  const people = ids.length > 0 ? await userSummaries(db, ids) : new Map<string, { name: string }>();
  return policies.map((p) => ({ ...p, createdByName: p.createdBy ? (people.get(p.createdBy)?.name ?? null) : null }));
}

/** Every saved version, newest first; the cursor is the last version of the previous page. */
export async function creditPolicyVersions(
  db: Database,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<CreditPolicy>> {
  let before: number | undefined;
  if (query.cursor !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(query.cursor)) throw invalidCursor();
    before = Number(query.cursor);
  }
  const rows = await db
    .select()
    .from(creditPolicies)
    .where(before === undefined ? undefined : lt(creditPolicies.version, before))
    .orderBy(desc(creditPolicies.version))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toPolicy);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? String(last.version) : null };
}

/**
 * Saves new rules as the next version (versions are never edited), audited with the rules before
 * and after. Two admins saving at once: the second is refused, to reload and decide again.
 */
export async function saveCreditPolicy(
  db: Database,
  actorId: string,
  input: { rules: CreditPolicyRules; note: string },
): Promise<CreditPolicy> {
  return db.transaction(async (tx) => {
    const before = await creditPolicyInForce(tx);
    const [row] = await tx
      .insert(creditPolicies)
      .values({ version: before.version + 1, rules: input.rules, note: input.note, createdBy: actorId })
      .onConflictDoNothing({ target: creditPolicies.version })
      .returning();
    if (!row)
      throw new AppError(
        'policy_changed',
        'Someone saved the credit policy meanwhile. Reload it and make your change again.',
        409,
      );
    await recordAudit(tx, {
      actorId,
      action: 'credit_policy.update',
      entityType: 'credit_policy',
      entityId: String(row.version),
      reason: input.note,
      details: {
        before: { version: before.version, rules: before.rules },
        after: { version: row.version, rules: row.rules },
      },
    });
    return toPolicy(row);
  });
}
