import type { ConsentConfirmed, ConsentRequested } from '@ecogrid/core/agents';
import { randomUUID } from 'node:crypto';
import { normalizePhone } from '@ecogrid/core';
import { and, desc, eq, gt, isNull, like, notLike, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { agentConsentCodes, agentCustomers } from '#src/db/schema/agents.ts';
import { AppError, badRequest } from '#src/platform/errors.ts';
import { textsFor } from '#src/platform/i18n.ts';
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

/**
 * What a code is for: the customer's consent, or their acceptance of a sale's terms. A sale's
 * code is kept as `sale:<digest of the terms>:<hash>`, so it accepts those terms only, and a
 * consent code is never taken for a sale's (nor the other way round).
 */
export type CodePurpose = { kind: 'consent' } | { kind: 'sale'; terms: string };

const storedHash = (secret: string, id: string, code: string, purpose: CodePurpose) =>
  purpose.kind === 'sale'
    ? `sale:${purpose.terms}:${hashCode(secret, PURPOSE, id, code)}`
    : hashCode(secret, PURPOSE, id, code);

const ofPurpose = (purpose: CodePurpose) =>
  purpose.kind === 'sale' ? like(agentConsentCodes.codeHash, 'sale:%') : notLike(agentConsentCodes.codeHash, 'sale:%');

type CodePair = { agentId: string; customerId: string; purpose: CodePurpose };

/** The codes of one purpose that this agent sent this customer. */
const codesOf = (pair: CodePair) =>
  and(
    eq(agentConsentCodes.agentId, pair.agentId),
    eq(agentConsentCodes.customerId, pair.customerId),
    ofPurpose(pair.purpose),
  );

/**
 * Makes a six-digit code for the customer to read back to the agent, in the caller's
 * transaction; the caller texts it. At most CODES_PER_HOUR of one purpose per agent and customer.
 */
export async function issueCode(tx: Tx, secret: string, pair: CodePair): Promise<{ code: string; expiresAt: Date }> {
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(agentConsentCodes)
    .where(and(codesOf(pair), gt(agentConsentCodes.createdAt, sql`now() - interval '1 hour'`)));
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
    agentId: pair.agentId,
    customerId: pair.customerId,
    codeHash: storedHash(secret, id, code, pair.purpose),
    expiresAt,
  });
  return { code, expiresAt };
}

/**
 * Checks the code the customer read out against the latest unused one of its purpose, and
 * answers its id for useCode. Wrong codes count, committed even though the request fails; the
 * fifth ends the code. A sale's code for other terms is refused without counting.
 */
export async function checkCode(db: Database, secret: string, pair: CodePair & { code: string }): Promise<string> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(agentConsentCodes)
      .where(and(codesOf(pair), isNull(agentConsentCodes.usedAt)))
      .orderBy(desc(agentConsentCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= new Date() || row.attempts >= CONSENT_CODE_ATTEMPTS) {
      return { error: codeExpired() };
    }
    if (pair.purpose.kind === 'sale' && !row.codeHash.startsWith(`sale:${pair.purpose.terms}:`)) {
      return { error: termsChanged() };
    }
    const stored = row.codeHash.slice(row.codeHash.lastIndexOf(':') + 1);
    if (!codeMatches(secret, PURPOSE, row.id, pair.code, stored)) {
      await tx
        .update(agentConsentCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(agentConsentCodes.id, row.id));
      return { error: new AppError('invalid_code', 'That code is not right. Ask the customer to read it again.', 422) };
    }
    return { id: row.id };
  });
  if ('error' in result) throw result.error;
  return result.id;
}

/** Spends a checked code in the transaction of what it allows: a code works once. */
export async function useCode(tx: Tx, id: string): Promise<void> {
  const [used] = await tx
    .update(agentConsentCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(agentConsentCodes.id, id), isNull(agentConsentCodes.usedAt), gt(agentConsentCodes.expiresAt, new Date())),
    )
    .returning({ id: agentConsentCodes.id });
  if (!used) throw codeExpired();
}

const codeExpired = () => new AppError('code_expired', 'This code has expired. Send a new one.', 422);

/** The sale's lines, place or prices are not those of the terms the customer's code accepted. */
export const termsChanged = () =>
  new AppError(
    'terms_changed',
    'The sale changed after its terms were texted. Send the terms again, so the customer accepts these ones.',
    409,
  );

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
    const { code, expiresAt } = await issueCode(tx, deps.authSecret, {
      agentId: agent.id,
      customerId: customer.id,
      purpose: { kind: 'consent' },
    });
    const who = agentWho(agentProfile);
    await deps.messages.sms(tx, {
      to: customer.phoneNumber!,
      message: textsFor(customer.preferredLanguage).t('sms:consent', {
        agent: who,
        code,
        minutes: CONSENT_CODE_MINUTES,
      }),
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
  const codeId = await checkCode(deps.db, deps.authSecret, {
    agentId: agent.id,
    customerId: customer.id,
    purpose: { kind: 'consent' },
    code,
  });
  const expiresAt = await deps.db.transaction(async (tx) => {
    await useCode(tx, codeId);
    const now = new Date();
    const until = new Date(now.getTime() + CONSENT_HOURS * 3_600_000);
    await tx
      .insert(agentCustomers)
      .values({ agentId: agent.id, customerId: customer.id, consentedAt: now, consentExpiresAt: until })
      .onConflictDoUpdate({
        target: [agentCustomers.agentId, agentCustomers.customerId],
        set: { consentedAt: now, consentExpiresAt: until },
      });
    await recordAudit(tx, {
      actorId: agent.id,
      action: 'agent.customer_consent',
      entityType: 'user',
      entityId: customer.id,
      details: { by: 'sms_code', expiresAt: until.toISOString() },
      ipAddress: agent.ip ?? null,
      userAgent: agent.userAgent ?? null,
    });
    return until;
  });
  return { customerId: customer.id, fullName: customer.fullName, consentExpiresAt: expiresAt.toISOString() };
}
