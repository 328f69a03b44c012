import type { Lead, LeadRequest } from '@ecogrid/core/agent-field';
import { randomUUID } from 'node:crypto';
import { normalizePhone } from '@ecogrid/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { agentLeads } from '#src/db/schema/agents.ts';
import { AppError, badRequest, notFound } from '#src/platform/errors.ts';
import { takeCodeAllowance } from '#src/features/auth/phone-accounts.service.ts';
import { getProfile, userByPhone } from '#src/features/auth/profile.service.ts';
import { checkAddress } from '#src/features/places/places.service.ts';
import { requestConsent, type ConsentDeps } from './agent-consent.ts';
import { requireAgent } from './agents.service.ts';
import { registrationSms } from './lead-texts.ts';
import { agentWho, CODE_MINUTES, hashCode, newCode } from './sms-code.ts';

export const LEAD_PURPOSE = 'agent-lead';
/** Registration codes one number may be sent in an hour, as for consent codes. */
const LEAD_CODES_PER_HOUR = 3;

export type Actor = { id: string; ip?: string | null; userAgent?: string | null };
export type LeadRow = typeof agentLeads.$inferSelect;

export const toLead = (row: LeadRow, testModeCode?: string): Lead => ({
  id: row.id,
  fullName: row.fullName,
  phone: row.phone,
  district: row.district,
  subCounty: row.subCounty,
  village: row.village,
  status: row.status,
  customerId: row.customerId,
  codeExpiresAt: row.codeExpiresAt?.toISOString() ?? null,
  recordedAt: row.recordedAt.toISOString(),
  ...(testModeCode ? { testModeCode } : {}),
});

export const leadNotFound = () => notFound('No such customer registration.');

/** One of the agent's leads (another agent's is not found either), locked when in a transaction. */
export async function findLead(db: Database | Tx, agentId: string, id: string, lock = false): Promise<LeadRow> {
  const query = db
    .select()
    .from(agentLeads)
    .where(and(eq(agentLeads.id, id), eq(agentLeads.agentId, agentId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw leadNotFound();
  return row;
}

const byKey = async (db: Database | Tx, agentId: string, clientKey: string) =>
  (
    await db
      .select()
      .from(agentLeads)
      .where(and(eq(agentLeads.agentId, agentId), eq(agentLeads.clientKey, clientKey)))
  )[0];

/** Takes a registration code from the number's allowance (3 an hour, within its SMS code allowance), or 429. */
async function allowCode(db: Database, agent: Actor, phone: string) {
  const allowance = await takeCodeAllowance(db, {
    phoneNumber: phone,
    asker: 'anyone',
    purpose: 'agent_registration',
    purposeLimit: LEAD_CODES_PER_HOUR,
    userId: agent.id,
    ipAddress: agent.ip ?? null,
    userAgent: agent.userAgent ?? null,
  });
  if (!allowance.ok) throw new AppError('too_many_codes', allowance.message, 429);
}

/** A fresh registration code for the lead: stored as a hash, texted in the customer's language. */
async function sendRegistrationCode(deps: ConsentDeps, tx: Tx, who: string, lead: LeadRow) {
  const code = newCode();
  const expiresAt = new Date(Date.now() + CODE_MINUTES * 60_000);
  await tx
    .update(agentLeads)
    .set({ codeHash: hashCode(deps.authSecret, LEAD_PURPOSE, lead.id, code), attempts: 0, codeExpiresAt: expiresAt })
    .where(eq(agentLeads.id, lead.id));
  await deps.messages.sms(tx, {
    to: lead.phone,
    message: registrationSms(lead.preferredLanguage, { agent: who, code, minutes: CODE_MINUTES }),
    // A code that could not go out in its ten minutes is dropped, never texted late.
    expiresAt,
  });
  return {
    row: { ...lead, codeExpiresAt: expiresAt, attempts: 0 },
    testModeCode: deps.messages.codesOnScreen ? code : undefined,
  };
}

/**
 * An agent registers a customer met in the field. The lead is kept whatever happens next; a new
 * number is texted a registration code, which the customer reads back to make the account. A
 * number that already has a confirmed account gets today's consent code instead, and the lead
 * says so with no more than the consent answer tells (the customer's id). The same clientKey
 * again (an offline queue sending twice) answers the first lead and texts nothing.
 */
export async function createLead(
  deps: ConsentDeps,
  agent: Actor,
  input: LeadRequest,
): Promise<{ lead: Lead; created: boolean }> {
  await requireAgent(deps.db, agent.id);
  const earlier = await byKey(deps.db, agent.id, input.clientKey);
  if (earlier) return { lead: toLead(earlier), created: false };
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) throw badRequest('Enter the customer’s Ugandan phone number, such as 0772 123456.');
  const place = checkAddress(input);
  const row = {
    id: randomUUID(),
    agentId: agent.id,
    clientKey: input.clientKey,
    fullName: input.fullName,
    phone,
    ...place,
    preferredLanguage: input.preferredLanguage,
    nationalId: input.nationalId || null,
    recordedAt: new Date(input.recordedAt),
  };
  const holder = await userByPhone(deps.db, phone);
  if (holder?.phoneVerified) {
    const consent = await requestConsent(deps, agent, phone).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') {
        throw new AppError('phone_taken', 'This phone number belongs to an account that is not a customer’s.', 409);
      }
      throw error;
    });
    const [saved] = await deps.db
      .insert(agentLeads)
      .values({
        ...row,
        status: 'existing_customer',
        customerId: consent.customerId,
        codeExpiresAt: new Date(Date.now() + consent.expiresInMinutes * 60_000),
      })
      .onConflictDoNothing()
      .returning();
    if (!saved) return { lead: toLead((await byKey(deps.db, agent.id, input.clientKey))!), created: false };
    return { lead: toLead(saved, consent.testModeCode), created: true };
  }
  await allowCode(deps.db, agent, phone);
  const who = agentWho(await getProfile(deps.db, agent.id));
  return deps.db.transaction(async (tx) => {
    const [saved] = await tx.insert(agentLeads).values(row).onConflictDoNothing().returning();
    // The same lead sent twice at once: the first one in texts the code.
    if (!saved) return { lead: toLead((await byKey(tx, agent.id, input.clientKey))!), created: false };
    const sent = await sendRegistrationCode(deps, tx, who, saved);
    return { lead: toLead(sent.row, sent.testModeCode), created: true };
  });
}

/** A new code for a lead still waiting for one (the old one stops working); for an existing customer, a new consent code. */
export async function resendLeadCode(deps: ConsentDeps, agent: Actor, leadId: string): Promise<Lead> {
  await requireAgent(deps.db, agent.id);
  const lead = await findLead(deps.db, agent.id, leadId);
  if (lead.status === 'existing_customer') {
    const consent = await requestConsent(deps, agent, lead.phone);
    const codeExpiresAt = new Date(Date.now() + consent.expiresInMinutes * 60_000);
    await deps.db.update(agentLeads).set({ codeExpiresAt }).where(eq(agentLeads.id, lead.id));
    return toLead({ ...lead, codeExpiresAt }, consent.testModeCode);
  }
  if (lead.status !== 'waiting_code') {
    throw new AppError('lead_registered', 'This customer is registered already.', 409);
  }
  await allowCode(deps.db, agent, lead.phone);
  const who = agentWho(await getProfile(deps.db, agent.id));
  return deps.db.transaction(async (tx) => {
    const locked = await findLead(tx, agent.id, leadId, true);
    if (locked.status !== 'waiting_code') {
      throw new AppError('lead_registered', 'This customer is registered already.', 409);
    }
    const sent = await sendRegistrationCode(deps, tx, who, locked);
    return toLead(sent.row, sent.testModeCode);
  });
}

/** The agent's registrations, newest first (at most 200), those waiting for their code included. */
export async function listLeads(db: Database, agentId: string): Promise<Lead[]> {
  await requireAgent(db, agentId);
  const rows = await db
    .select()
    .from(agentLeads)
    .where(eq(agentLeads.agentId, agentId))
    .orderBy(desc(agentLeads.createdAt))
    .limit(200);
  return rows.map((row) => toLead(row));
}
