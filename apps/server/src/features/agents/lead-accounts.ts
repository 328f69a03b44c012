import type { Language, Lead } from '@ecogrid/core/agent-field';
import { eq } from 'drizzle-orm';
import { agentCustomers, agentLeads } from '#src/db/schema/agents.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { createPhoneAccount } from '#src/features/auth/phone-accounts.service.ts';
import { CONSENT_HOURS, confirmConsent, type ConsentDeps } from './agent-consent.ts';
import { requireAgent } from './agents.service.ts';
import { findLead, LEAD_PURPOSE, toLead, type Actor } from './leads.ts';
import { CODE_ATTEMPTS, codeMatches } from './sms-code.ts';

const expired = () =>
  new AppError('code_expired', 'This code has expired or was tried too often. Send a new one.', 422);
const wrong = (left: number) =>
  new AppError(
    'invalid_code',
    `That code is not right. Ask the customer to read it again: ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    422,
  );

/**
 * The agent types the code the customer read out. For a new number that makes the customer's
 * account (a phone account with no password, its number confirmed by the code) and makes the
 * agent the one who serves them, with consent from now, as a consent code does. For a number
 * that had an account, the code is the consent code and this completes the consent. A lead
 * already registered answers itself again, so a confirmation sent twice does no harm.
 */
export async function confirmLead(deps: ConsentDeps, agent: Actor, leadId: string, code: string): Promise<Lead> {
  await requireAgent(deps.db, agent.id);
  const lead = await findLead(deps.db, agent.id, leadId);
  if (lead.status === 'existing_customer') {
    await confirmConsent(deps, agent, lead.phone, code);
    const [done] = await deps.db
      .update(agentLeads)
      .set({ confirmedAt: new Date(), codeExpiresAt: null })
      .where(eq(agentLeads.id, lead.id))
      .returning();
    return toLead(done!);
  }
  const result = await deps.db.transaction(async (tx) => {
    const row = await findLead(tx, agent.id, leadId, true);
    if (row.status === 'registered') return { ok: true as const, row };
    if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= new Date() || row.attempts >= CODE_ATTEMPTS) {
      return { ok: false as const, error: expired() };
    }
    if (!codeMatches(deps.authSecret, LEAD_PURPOSE, row.id, code, row.codeHash)) {
      await tx
        .update(agentLeads)
        .set({ attempts: row.attempts + 1 })
        .where(eq(agentLeads.id, row.id));
      const left = CODE_ATTEMPTS - row.attempts - 1;
      return { ok: false as const, error: left > 0 ? wrong(left) : expired() };
    }
    const customerId = await createPhoneAccount(tx, {
      phoneNumber: row.phone,
      fullName: row.fullName,
      district: row.district,
      subCounty: row.subCounty,
      village: row.village,
      preferredLanguage: row.preferredLanguage as Language,
    });
    const now = new Date();
    const consentExpiresAt = new Date(now.getTime() + CONSENT_HOURS * 3_600_000);
    await tx.insert(agentCustomers).values({ agentId: agent.id, customerId, consentedAt: now, consentExpiresAt });
    const [registered] = await tx
      .update(agentLeads)
      .set({ status: 'registered', customerId, confirmedAt: now, codeHash: null, codeExpiresAt: null })
      .where(eq(agentLeads.id, row.id))
      .returning();
    await recordAudit(tx, {
      actorId: agent.id,
      action: 'agent.customer_registered',
      entityType: 'user',
      entityId: customerId,
      details: { by: 'sms_code', leadId: row.id, consentExpiresAt: consentExpiresAt.toISOString() },
      ipAddress: agent.ip ?? null,
      userAgent: agent.userAgent ?? null,
    });
    return { ok: true as const, row: registered! };
  });
  // A wrong try is counted even though the request fails.
  if (!result.ok) throw result.error;
  return toLead(result.row);
}
