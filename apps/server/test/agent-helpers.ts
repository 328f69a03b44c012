import type { Database } from '#src/db/client.ts';
import { agentCustomers } from '#src/db/schema/agents.ts';
import { signedInCustomer, type Client } from './catalog-admin.ts';
import type { TestContext } from './test-app.ts';

/** Records that the customer consented to the agent, as confirming the SMS code does, until `consentExpiresAt`. */
export async function serveCustomer(
  db: Database,
  link: { agentId: string; customerId: string; consentedAt?: Date; consentExpiresAt: Date },
) {
  await db.insert(agentCustomers).values({ consentedAt: new Date(), ...link });
}

/** A signed-in customer an admin turned into an approved agent with this commission rate, through the admin API. */
export async function approvedAgent(ctx: TestContext, admin: Client, commissionRateBp = 250) {
  const agent = await signedInCustomer(ctx);
  const role = await admin.patch(`/api/admin/users/${agent.id}/role`, { userType: 'agent' });
  if (role.status !== 200) throw new Error(`role: ${JSON.stringify(role.body)}`);
  await setAgentRate(admin, agent.id, commissionRateBp);
  return agent;
}

/** Approves the agent again with another commission rate, as an admin does. */
export async function setAgentRate(admin: Client, agentId: string, commissionRateBp: number) {
  const agentCode = `EG-T-${agentId.slice(0, 6)}`.toUpperCase();
  const approved = await admin.post(`/api/admin/users/${agentId}/approve-agent`, { agentCode, commissionRateBp });
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
}

/** A signed-in customer served by a new approved agent, with consent for a day. */
export async function servedCustomer(ctx: TestContext, admin: Client) {
  const customer = await signedInCustomer(ctx);
  const agent = await approvedAgent(ctx, admin);
  await serveCustomer(ctx.db, {
    agentId: agent.id,
    customerId: customer.id,
    consentExpiresAt: new Date(Date.now() + 86_400_000),
  });
  return { customer, agent };
}
