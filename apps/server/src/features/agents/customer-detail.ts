import { LANGUAGES, type AgentCustomerDetail, type Language } from '@ecogrid/core/agent-field';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/platform/errors.ts';
import { accountNumbersOf } from '#src/features/auth/account-numbers.service.ts';
import { customerCards } from '#src/features/auth/profile.service.ts';
import { kycStatuses } from '#src/features/kyc/kyc.service.ts';
import { customerPortfolioLoans } from '#src/features/loans/portfolio.service.ts';
import { customerOrders } from '#src/features/orders/orders.service.ts';
import { requireServed } from './served-customers.ts';
import { customerNotes } from './visit-notes.ts';

/** Orders shown on the agent's page of a customer, newest first. */
const ORDERS_SHOWN = 50;

const language = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'english';

/**
 * One customer the agent serves, whole: who and where they are, their identity check, the
 * consent that lets the agent act for them, their loans, orders and the notes of visits. A
 * customer the agent does not serve is not found, whether or not they exist.
 */
export async function agentCustomerDetail(
  db: Database,
  agentId: string,
  customerId: string,
): Promise<AgentCustomerDetail> {
  const served = await requireServed(db, agentId, customerId);
  const [cards, accounts, statuses, loans, orders, notes] = await Promise.all([
    customerCards(db, [customerId]),
    accountNumbersOf(db, [customerId]),
    kycStatuses(db, [customerId]),
    customerPortfolioLoans(db, customerId),
    customerOrders(db, customerId, { limit: ORDERS_SHOWN }),
    customerNotes(db, customerId),
  ]);
  const card = cards.get(customerId);
  if (!card) throw notFound('You do not serve this customer.');
  return {
    customer: {
      id: customerId,
      name: card.name,
      phone: card.phone,
      district: card.district,
      subCounty: card.subCounty,
      village: card.village,
      preferredLanguage: language(card.preferredLanguage),
      accountNumber: accounts.get(customerId) ?? null,
      kycStatus: statuses.get(customerId) ?? 'pending',
      consentActive: served.consentExpiresAt.getTime() > Date.now(),
      consentExpiresAt: served.consentExpiresAt.toISOString(),
    },
    loans,
    orders: orders.items,
    notes,
  };
}
