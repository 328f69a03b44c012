import type { ConsentConfirmed, ConsentRequested } from '@ecogrid/core/agents';
import { randomUUID } from 'node:crypto';
import { normalizePhone } from '@ecogrid/core';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agentConsentCodes, agentCustomers } from '#src/db/schema/agents.ts';
import { AppError, badRequest } from '#src/platform/errors.ts';
import type { Messages } from '#src/platform/messaging.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { getProfile, userByPhone } from '#src/features/auth/profile.service.ts';
import { requireAgent } from './agents.service.ts';
import { agentWho, CODE_ATTEMPTS, CODE_MINUTES, codeMatches, hashCode, newCode } from './sms-code.ts';

/** How long the code sent to the customer works, and how many wrong tries it takes. */
export const CONSENT_CODE_MINUTES = CODE_MINUTES;
export const CONSENT_CODE_ATTEMPTS = CODE_ATTEMPTS;
/** Codes one agent may have sent to one customer within an hour. */
const CODES_PER_HOUR = 3;
/** How long a customer's consent lets the agent act for them. */
export const CONSENT_HOURS = 24;

export type ConsentDeps = { db: Database; messages: Messages; authSecret: string };
type Actor = { id: string; ip?: string | null; userAgent?: string | null };

const PURPOSE = 'agent-consent';

async function customerByPhone(db: Database, phone: string) {
  const e164 = normalizePhone(phone);
  if (!e164) throw badRequest('Enter the customer’s Ugandan phone number, such as 0772 123456.');
  const customer = await userByPhone(db, e164);
  if (!customer || customer.userType !== 'customer' || !customer.isActive) {
    throw new AppError('not_found', 'No customer has this phone number. Ask them to sign up first.', 404);
  }
  if (!customer.phoneVerified) {
    throw new AppError(
      'phone_not_verified',
      'This customer has not confirmed their phone number, so they cannot receive the consent code.',
      422,
    );
  }
  return customer;
}

/**
 * An agent asks to act for a customer: a six-digit code goes to the customer's phone by SMS,
 * which the customer reads back to the agent if they agree.
 */
export async function requestConsent(deps: ConsentDeps, agent: Actor, phone: string): Promise<ConsentRequested> {
  await requireAgent(deps.db, agent.id);
  const customer = await customerByPhone(deps.db, phone);
  const agentProfile = await getProfile(deps.db, agent.id);
  return deps.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(agentConsentCodes)
      .where(
        and(
          eq(agentConsentCodes.agentId, agent.id),
          eq(agentConsentCodes.customerId, customer.id),
          gt(agentConsentCodes.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.count ?? 0) >= CODES_PER_HOUR) {
      throw new AppError(
        'too_many_codes',
        'Three codes were sent to this customer in the last hour. Try again later.',
        429,
      );
    }
    const code = newCode();
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + CONSENT_CODE_MINUTES * 60_000);
    await tx.insert(agentConsentCodes).values({
      id,
      agentId: agent.id,
      customerId: customer.id,
      codeHash: hashCode(deps.authSecret, PURPOSE, id, code),
      expiresAt,
    });
    const who = agentWho(agentProfile);
    await deps.messages.sms(tx, {
      to: customer.phoneNumber!,
      message: `EcoGrid: ${who} asks to complete your identity check for you. If you agree, tell them this code: ${code}. It works for ${CONSENT_CODE_MINUTES} minutes. If you did not ask for this, do not share it.`,
      // A code that could not go out in its ten minutes is dropped, never texted late.
      expiresAt,
    });
    return {
      customerId: customer.id,
      expiresInMinutes: CONSENT_CODE_MINUTES,
      // Test mode only: the agent's screen shows the code the customer's phone would get.
      ...(deps.messages.codesOnScreen ? { testModeCode: code } : {}),
    };
  });
}

/**
 * The agent types the code the customer read out: the customer is then one the agent serves,
 * and the agent may act for them for CONSENT_HOURS. Wrong codes count; the fifth ends the code.
 */
export async function confirmConsent(
  deps: ConsentDeps,
  agent: Actor,
  phone: string,
  code: string,
): Promise<ConsentConfirmed> {
  await requireAgent(deps.db, agent.id);
  const customer = await customerByPhone(deps.db, phone);
  const wrong = () => new AppError('invalid_code', 'That code is not right. Ask the customer to read it again.', 422);
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(agentConsentCodes)
      .where(
        and(
          eq(agentConsentCodes.agentId, agent.id),
          eq(agentConsentCodes.customerId, customer.id),
          isNull(agentConsentCodes.usedAt),
        ),
      )
      .orderBy(desc(agentConsentCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= new Date() || row.attempts >= CONSENT_CODE_ATTEMPTS) {
      return { ok: false as const, error: new AppError('code_expired', 'This code has expired. Send a new one.', 422) };
    }
    if (!codeMatches(deps.authSecret, PURPOSE, row.id, code, row.codeHash)) {
      await tx
        .update(agentConsentCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(agentConsentCodes.id, row.id));
      return { ok: false as const, error: wrong() };
    }
    const now = new Date();
    const expiresAt = new Date(now.getTime() + CONSENT_HOURS * 3_600_000);
    await tx.update(agentConsentCodes).set({ usedAt: now }).where(eq(agentConsentCodes.id, row.id));
    await tx
      .insert(agentCustomers)
      .values({ agentId: agent.id, customerId: customer.id, consentedAt: now, consentExpiresAt: expiresAt })
      .onConflictDoUpdate({
        target: [agentCustomers.agentId, agentCustomers.customerId],
        set: { consentedAt: now, consentExpiresAt: expiresAt },
      });
    await recordAudit(tx, {
      actorId: agent.id,
      action: 'agent.customer_consent',
      entityType: 'user',
      entityId: customer.id,
      details: { by: 'sms_code', expiresAt: expiresAt.toISOString() },
      ipAddress: agent.ip ?? null,
      userAgent: agent.userAgent ?? null,
    });
    return { ok: true as const, expiresAt };
  });
  // A wrong try is counted even though the request fails.
  if (!result.ok) throw result.error;
  return { customerId: customer.id, fullName: customer.fullName, consentExpiresAt: result.expiresAt.toISOString() };
}
