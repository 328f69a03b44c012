import type { AgentCustomer } from '@ecogrid/core/agents';
import type { Database } from '#src/db/client.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { kycStatuses } from '#src/features/kyc/kyc.service.ts';
import { consentsGiven } from './agents.service.ts';

/** The customers an agent serves, most recent consent first, with their identity-check status. */
export async function agentCustomerList(db: Database, agentId: string): Promise<AgentCustomer[]> {
  const rows = await consentsGiven(db, agentId);
  const ids = rows.map((r) => r.customerId);
  const [people, statuses] = await Promise.all([userSummaries(db, ids), kycStatuses(db, ids)]);
  const now = Date.now();
  return rows.map((r) => ({
    customerId: r.customerId,
    name: people.get(r.customerId)?.name ?? '',
    phone: people.get(r.customerId)?.phone ?? null,
    kycStatus: statuses.get(r.customerId) ?? 'pending',
    consentActive: r.consentExpiresAt.getTime() > now,
    consentExpiresAt: r.consentExpiresAt.toISOString(),
  }));
}
