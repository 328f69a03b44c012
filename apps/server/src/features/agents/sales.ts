import type { z } from 'zod';
import type { AmountDue, saleSchema, SaleQuote, SaleResult, SaleTermsSent } from '@ecogrid/core/agent-sales';
import type { LoanSummary } from '@ecogrid/core/loans';
import type { Order } from '@ecogrid/core/orders';
import type { Payment } from '@ecogrid/core/payments';
import { hasPgCode, UNIQUE_VIOLATION } from '#src/platform/db-errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { getProfile } from '#src/features/auth/profile.service.ts';
import { createLoans, loansByKey, loanSummaries } from '#src/features/loans/loans.service.ts';
import { createOrder, orderByKey, orderView } from '#src/features/orders/orders.service.ts';
import { sendPayment, type PaymentDeps, type PaymentRow } from '#src/features/payments/payments.service.ts';
import { checkCode, CONSENT_CODE_MINUTES, issueCode, termsChanged, useCode } from './agent-consent.ts';
import { requireConsent } from './agents.service.ts';
import { saleTermsSms } from './sales-sms.ts';
import { quoteSale, quoteSaleHeld, termsDigest, type SaleRequestInput } from './sales-quote.ts';

export type SaleDeps = PaymentDeps & { authSecret: string; cashOrderDays: number };
type SaleInput = z.output<typeof saleSchema>;

/** The lines and place of a sale, as the quote and the terms code know them. */
const requestOf = (sale: SaleInput): SaleRequestInput => ({
  lines: sale.lines,
  fulfilment: sale.fulfilment,
  address: sale.address,
  pickupPointId: sale.pickupPointId,
  ...(sale.declaredIncome === undefined ? {} : { declaredIncome: sale.declaredIncome }),
});

/** The quote the agent reads out to a customer who agreed to let them act for them. */
export async function quoteForCustomer(
  db: SaleDeps['db'],
  agentId: string,
  customerId: string,
  request: SaleRequestInput,
): Promise<SaleQuote> {
  await requireConsent(db, agentId, customerId);
  return quoteSale(db, customerId, request);
}

/**
 * Texts the customer the sale's terms in their language, with a code they read back to the agent
 * to accept them. The code accepts these terms only: if the lines, the place or a price change,
 * the sale is refused until the terms are sent again.
 */
export async function sendSaleTerms(
  deps: SaleDeps,
  agentId: string,
  customerId: string,
  request: SaleRequestInput,
): Promise<SaleTermsSent> {
  const quote = await quoteForCustomer(deps.db, agentId, customerId, request);
  const [agent, customer] = await Promise.all([getProfile(deps.db, agentId), getProfile(deps.db, customerId)]);
  return deps.db.transaction(async (tx) => {
    const { code, expiresAt } = await issueCode(tx, deps.authSecret, {
      agentId,
      customerId,
      purpose: { kind: 'sale', terms: termsDigest(request, quote) },
    });
    const who = `${agent.fullName}${agent.agentCode ? ` (${agent.agentCode})` : ''}`;
    await deps.messages.sms(tx, {
      to: customer.phoneNumber!,
      message: saleTermsSms({ agent: who, quote, code, minutes: CONSENT_CODE_MINUTES }, customer.preferredLanguage),
      expiresAt,
    });
    return {
      expiresInMinutes: CONSENT_CODE_MINUTES,
      quote,
      // Test mode only: the agent's screen shows the code the customer's phone would get.
      ...(deps.messages.codesOnScreen ? { testModeCode: code } : {}),
    };
  });
}

/**
 * The sale the customer accepted with the code: in one transaction the code is spent, the terms
 * quoted again with their prices held (a change since the code was checked is refused:
 * terms_changed), the cash lines become the customer's order and each unit on credit a loan (the
 * credit policy and the identity check as at checkout), stock reserved, all marked as sold by
 * the agent at their commission rate now. The customer pays by a mobile-money prompt on their own phone (sent after
 * the commit), or in cash to the agent: the order and the deposits then wait, and the answer says
 * what to collect. The customer's own cart is not touched. The same Idempotency-Key answers the
 * same sale.
 */
export async function sellForCustomer(
  deps: SaleDeps,
  agentId: string,
  customerId: string,
  sale: SaleInput,
  idempotency: IdempotentRequest,
  reader: Language,
): Promise<SaleResult> {
  await requireConsent(deps.db, agentId, customerId);
  // Keys are the agent's: one the customer used themselves never answers the agent's sale.
  const key = { key: `agent-sale:${agentId}:${idempotency.key}`, requestHash: idempotency.requestHash };
  const earlier = await earlierSale(deps, customerId, key);
  if (earlier) return result(deps, earlier, [], sale.payment.method === 'cash', reader);
  const request = requestOf(sale);
  const quote = await quoteSale(deps.db, customerId, request);
  const terms = termsDigest(request, quote);
  const codeId = await checkCode(deps.db, deps.authSecret, {
    agentId,
    customerId,
    purpose: { kind: 'sale', terms },
    code: sale.code,
  });
  const [agent, customer] = await Promise.all([getProfile(deps.db, agentId), getProfile(deps.db, customerId)]);
  const soldBy = { agentId, commissionBp: agent.commissionRateBp ?? 0 };
  const phone = sale.payment.method === 'cash' ? null : (sale.payment.phoneNumber ?? customer.phoneNumber!);
  const network = sale.payment.method === 'cash' ? null : sale.payment.method;
  let made: Made & { collections: PaymentRow[] };
  try {
    made = await deps.db.transaction(async (tx) => {
      await useCode(tx, codeId);
      // The code was checked against the terms as they were a moment ago: a price changed since
      // then would make the order and loans other than what the customer accepted.
      if (termsDigest(request, await quoteSaleHeld(tx, customerId, request)) !== terms) throw termsChanged();
      const cash = sale.lines.filter((l) => !l.planId);
      const credit = sale.lines.flatMap((l) => (l.planId ? [{ ...l, planId: l.planId }] : []));
      const order = cash.length
        ? await createOrder(tx, deps, {
            userId: customerId,
            lines: cash,
            where: request,
            payment: network ? { method: network, phone: phone! } : { method: 'cash', days: deps.cashOrderDays },
            idempotency: key,
            soldBy,
          })
        : null;
      if (cash.length && !order) throw new RacedSale();
      const loans = credit.length
        ? await createLoans(tx, deps, {
            userId: customerId,
            lines: credit,
            where: request,
            payment: network ? { method: 'mobile_money', network, phone: phone! } : null,
            declaredIncome: request.declaredIncome ?? null,
            keyPrefix: key.key,
            soldBy,
          })
        : { rows: [], collections: [] };
      await recordAudit(tx, {
        actorId: agentId,
        action: 'agent.sale',
        entityType: 'user',
        entityId: customerId,
        details: {
          orderId: order?.order.id ?? null,
          loanIds: loans.rows.map((l) => l.id),
          payment: sale.payment.method,
          payNow: quote.payNow,
          total: quote.total,
        },
      });
      const collections = [...(order?.collection ? [order.collection] : []), ...loans.collections];
      return { order: order?.order ?? null, loans: loans.rows, collections };
    });
  } catch (error) {
    // The same key committed by a request racing this one: answer with what it made.
    if (!(error instanceof RacedSale) && !hasPgCode(error, UNIQUE_VIOLATION)) throw error;
    const first = await earlierSale(deps, customerId, key);
    if (!first) throw error;
    return result(deps, first, [], sale.payment.method === 'cash', reader);
  }
  const sent = await Promise.all(made.collections.map((c) => sendPayment(deps, c)));
  return result(deps, made, sent, network === null, reader);
}

type Made = {
  order: Awaited<ReturnType<typeof orderByKey>>;
  loans: Awaited<ReturnType<typeof loansByKey>>;
};
class RacedSale extends Error {}

async function earlierSale(deps: SaleDeps, customerId: string, key: IdempotentRequest): Promise<Made | null> {
  const [order, loans] = await Promise.all([
    orderByKey(deps.db, customerId, key),
    loansByKey(deps.db, customerId, key.key),
  ]);
  return order || loans.length ? { order, loans } : null;
}

async function result(
  deps: SaleDeps,
  made: Made,
  payments: Payment[],
  inCash: boolean,
  reader: Language,
): Promise<SaleResult> {
  const order = made.order ? await orderView(deps.db, made.order, reader) : null;
  const loans = await loanSummaries(deps.db, made.loans);
  return { order, loans, payments, amountsDue: inCash ? amountsDue(order, loans) : [] };
}

/** Paid in cash: the order while it waits for payment, and the deposit of each loan approved and waiting for it. */
function amountsDue(order: Order | null, loans: LoanSummary[]): AmountDue[] {
  const due: AmountDue[] = [];
  if (order?.status === 'pending_payment') due.push({ purpose: 'order', orderId: order.id, amount: order.total });
  for (const loan of loans) {
    if (loan.status === 'approved' && loan.deposit > 0) {
      due.push({ purpose: 'loan_repayment', loanId: loan.id, amount: loan.deposit });
    }
  }
  return due;
}
