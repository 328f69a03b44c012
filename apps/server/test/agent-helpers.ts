import type { Database } from '#src/db/client.ts';
import { agentCustomers } from '#src/db/schema/agents.ts';

/** Records that the customer consented to the agent, as confirming the SMS code does, until `consentExpiresAt`. */
export async function serveCustomer(
  db: Database,
  link: { agentId: string; customerId: string; consentedAt?: Date; consentExpiresAt: Date },
) {
  await db.insert(agentCustomers).values({ consentedAt: new Date(), ...link });
}
