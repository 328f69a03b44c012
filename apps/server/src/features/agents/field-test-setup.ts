import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { lastSmsCode, uniquePhone } from '../../../test/auth-helpers.ts';
import { signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { address } from '../../../test/kyc-fixtures.ts';
import type { TestContext } from '../../../test/test-app.ts';

/** A customer an admin turned into an approved agent, through the admin API. */
export async function signedInAgent(ctx: TestContext, admin: { api: Client }) {
  const agent = await signedInCustomer(ctx);
  expect((await admin.api.patch(`/api/admin/users/${agent.id}/role`, { userType: 'agent' })).status).toBe(200);
  const approved = await admin.api.post(`/api/admin/users/${agent.id}/approve-agent`, {
    // A letter first, so the code in an SMS is never read as a six-digit one-time code.
    agentCode: `EG-T-X${agent.id.slice(0, 6)}`.toUpperCase(),
    commissionRateBp: 250,
  });
  expect(approved.status).toBe(200);
  return agent;
}

/** A registration as the agent's phone makes it, for a new number unless one is given. */
export function leadRequest(changes: Record<string, unknown> = {}) {
  return {
    clientKey: randomUUID(),
    fullName: 'Okello Peter',
    phoneNumber: uniquePhone().local,
    ...address,
    preferredLanguage: 'english',
    recordedAt: new Date().toISOString(),
    ...changes,
  };
}

/** The customer reads the agent's consent code back: the agent then serves them. */
export async function serve(ctx: TestContext, agent: { api: Client }, customer: { local: string; e164: string }) {
  expect((await agent.api.post('/api/agent/customers/consent', { phoneNumber: customer.local })).status).toBe(202);
  const code = await lastSmsCode(ctx.db, customer.e164);
  const agreed = await agent.api.post('/api/agent/customers/consent/confirm', { phoneNumber: customer.local, code });
  expect(agreed.status).toBe(200);
}

/** A visit note as the agent's phone makes it. */
export function noteRequest(customerId: string, changes: Record<string, unknown> = {}) {
  return {
    clientKey: randomUUID(),
    customerId,
    note: 'Visited; the panel works.',
    recordedAt: new Date().toISOString(),
    ...changes,
  };
}
