import type {
  AgentLoanPage,
  AgentLoanQuery,
  AgentOrderPage,
  AgentOrderQuery,
  BookCustomer,
} from '@ecogrid/core/agent-books';
import type { Database } from '#src/db/client.ts';
import type { Page } from '#src/platform/pagination.ts';
import { customerCards } from '#src/features/auth/profile.service.ts';
import { customersLoanPage } from '#src/features/loans/loans.service.ts';
import { customersOrderPage } from '#src/features/orders/orders.service.ts';
import { requireAgent } from './agents.service.ts';
import { customersOf } from './served-customers.ts';

/** Each item of a page with the customer it belongs to, by name, phone and village. */
async function withCustomers<T extends { userId: string }>(
  db: Database,
  page: Page<T>,
): Promise<Page<Omit<T, 'userId'> & { customer: BookCustomer }>> {
  const cards = await customerCards(
    db,
    page.items.map((item) => item.userId),
  );
  return {
    items: page.items.map(({ userId, ...item }) => {
      const card = cards.get(userId);
      return {
        ...item,
        customer: { id: userId, name: card?.name ?? '', phone: card?.phone ?? null, village: card?.village ?? null },
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * GET /api/agent/loans: the loans of every customer the agent serves (whatever their consent's
 * age, as on the customer's page), newest first; never another agent's customers.
 */
export async function agentLoanPage(db: Database, agentId: string, query: AgentLoanQuery): Promise<AgentLoanPage> {
  await requireAgent(db, agentId);
  return withCustomers(db, await customersLoanPage(db, (await customersOf(db, [agentId])).get(agentId)!, query));
}

/** GET /api/agent/orders: the orders of every customer the agent serves, newest first. */
export async function agentOrderPage(db: Database, agentId: string, query: AgentOrderQuery): Promise<AgentOrderPage> {
  await requireAgent(db, agentId);
  return withCustomers(db, await customersOrderPage(db, (await customersOf(db, [agentId])).get(agentId)!, query));
}
