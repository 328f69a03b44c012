import { randomUUID } from 'node:crypto';
import { addDays, addMonths, dailyRate, kampalaDate, quoteLoan, repaymentSchedule } from '@ecogrid/core/credit';
import { loanNumber } from '@ecogrid/core/loans';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import type { loanPlans } from '../schema/loans.ts';
import { loanRepayments, loans } from '../schema/loans.ts';
import { orderLines, orders } from '../schema/orders.ts';
import { payments } from '../schema/payments.ts';
import type { products } from '../schema/index.ts';
import { loanTerms } from '../../features/loans/loans.service.ts';
import { earnCommission } from '../../features/agents/commission.ts';
import { settlementPostings } from '../../features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, agentCashCode, openAccounts, postJournal } from '../../features/wallet/ledger.service.ts';
import type { DemoBook, DemoCustomer } from './demo-agent-people.ts';

/** The demo agent's rate on everything in the book (basis points). */
export const DEMO_RATE_BP = 500;

type Agent = { id: string; code: string };
type Product = typeof products.$inferSelect;
type Plan = typeof loanPlans.$inferSelect;

const at = (date: string) => new Date(`${date}T09:00:00+03:00`);

/**
 * `ms` before now, but never before today began in Kampala: what the demo did "this morning"
 * counts in the agent's figures for today at any hour, the first ones after midnight included.
 */
const earlierToday = (ms: number) =>
  new Date(Math.max(Date.now() - ms, Date.parse(`${kampalaDate(new Date())}T00:00:00+03:00`)));

/**
 * A successful payment, settled by the same ledger rule as a real one (`payment:<id>:settle`),
 * with the agent's commission on it (`commission:<payment>`) when the agent sold what it pays.
 */
async function paid(
  tx: Tx,
  agent: Agent,
  input: {
    userId: string;
    purpose: 'order' | 'loan_repayment';
    method: 'mtn' | 'cash';
    amount: number;
    phone: string;
    date: Date;
    what: string;
    loanId?: string;
    orderId?: string;
  },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      reference: `EG-DEMO${input.phone.slice(-3)}${input.date.getTime().toString(36).toUpperCase()}`,
      userId: input.userId,
      purpose: input.purpose,
      method: input.method,
      status: 'successful',
      amount: input.amount,
      phone: input.method === 'mtn' ? input.phone : null,
      direction: 'collection',
      loanId: input.loanId ?? null,
      orderId: input.orderId ?? null,
      collectedBy: input.method === 'cash' ? agent.id : null,
      idempotencyKey: `demo:${input.phone}:${input.date.toISOString()}`,
      settledAt: input.date,
      createdAt: input.date,
      updatedAt: input.date,
    })
    .returning();
  const payment = row!;
  if (input.method === 'cash') await openAccounts(tx, [{ code: agentCashCode(agent.id), kind: 'agent_cash' }]);
  const movement = settlementPostings(payment, 'successful')!;
  await postJournal(tx, { ...movement, idempotencyKey: `payment:${payment.id}:settle`, paymentId: payment.id });
  await earnCommission(tx, {
    agentId: agent.id,
    paymentId: payment.id,
    what: input.what,
    loanId: input.loanId ?? null,
    orderId: input.orderId ?? null,
    base: input.amount,
    rateBp: DEMO_RATE_BP,
  });
  return payment;
}

/** An order sold by the agent, with its one line. */
async function insertOrder(
  tx: Tx,
  agent: Agent,
  person: DemoCustomer & { id: string },
  input: { id?: string; product: Product; total: number; status: 'paid' | 'delivered'; date: Date; onCredit: boolean },
) {
  const [order] = await tx
    .insert(orders)
    .values({
      ...(input.id ? { id: input.id } : {}),
      userId: person.id,
      status: input.status,
      fulfilment: 'delivery',
      district: person.district,
      subCounty: person.subCounty,
      village: person.village,
      subtotal: input.total,
      deliveryFee: 0,
      total: input.total,
      paymentMethod: input.onCredit ? 'mtn' : person.book.kind === 'cash_order' ? person.book.by : 'mtn',
      soldBy: agent.id,
      commissionBp: DEMO_RATE_BP,
      onCredit: input.onCredit,
      idempotencyKey: input.onCredit ? `loan:${input.id}` : `demo:${person.phone}`,
      requestHash: input.onCredit ? 'loan' : null,
      createdAt: input.date.toISOString(),
    })
    .returning();
  const { product } = input;
  await tx.insert(orderLines).values({
    orderId: order!.id,
    productId: product.id,
    name: product.name,
    sku: product.sku,
    imageUrl: product.images[0] ?? null,
    unitPrice: input.total,
    quantity: 1,
    lineTotal: input.total,
    taxClass: product.taxClass,
  });
  return order!;
}

/** A cash sale the agent made this month, paid in cash to the agent or by the customer's MTN prompt. */
export async function sellForCash(tx: Tx, agent: Agent, person: DemoCustomer & { id: string }, product: Product) {
  const by = (person.book as Extract<DemoBook, { kind: 'cash_order' }>).by;
  // Earlier today, so the sale counts in today's and this month's figures.
  const date = earlierToday(2 * 3_600_000);
  const order = await insertOrder(tx, agent, person, {
    product,
    total: product.price,
    status: by === 'cash' ? 'paid' : 'delivered',
    date,
    onCredit: false,
  });
  const what = `order ${order.number}`;
  const payment = await paid(tx, agent, {
    userId: person.id,
    purpose: 'order',
    method: by,
    amount: order.total,
    phone: person.phone,
    date,
    what,
    orderId: order.id,
  });
  await tx.update(orders).set({ paymentId: payment.id }).where(eq(orders.id, order.id));
}

/**
 * A loan the agent sold on the product's monthly plan, started so that today it is `daysPastDue`
 * behind (0: the next instalment is due in 10 days) after `paidInstalments` instalments; paid
 * off when `paidInstalments` is all of them. The deposit and instalments were paid by MTN, the
 * last `cashRepayments` in cash to the agent this month. The sale is booked as activation books it.
 */
export async function sellOnCredit(
  tx: Tx,
  agent: Agent,
  person: DemoCustomer & { id: string },
  product: Product,
  plan: Plan,
  book: { daysPastDue: number; paidInstalments: number; cashRepayments?: number },
) {
  const quote = quoteLoan(product.price, plan);
  const today = kampalaDate(new Date());
  const start = addMonths(addDays(today, book.daysPastDue > 0 ? -book.daysPastDue : 10), -(book.paidInstalments + 1));
  const schedule = repaymentSchedule(quote, start);
  const paidOff = book.paidInstalments >= schedule.length;
  const paidDue = schedule.slice(0, book.paidInstalments);
  const orderId = randomUUID();
  const [loan] = await tx
    .insert(loans)
    .values({
      userId: person.id,
      productId: product.id,
      planId: plan.id,
      planName: plan.name,
      productName: product.name,
      agentId: agent.id,
      commissionBp: DEMO_RATE_BP,
      orderId,
      // A loan long past due is still active here: the daily run defaults it by the policy's rule.
      status: paidOff ? 'completed' : 'active',
      ...loanTerms(plan, quote),
      dailyRate: dailyRate(quote, start),
      paid: quote.deposit + paidDue.reduce((sum, s) => sum + s.amountDue, 0),
      daysPastDue: book.daysPastDue,
      district: person.district,
      fulfilment: {
        fulfilment: 'delivery',
        district: person.district,
        subCounty: person.subCounty,
        village: person.village,
      },
      startDate: start,
      idempotencyKey: `demo:${person.phone}`,
      createdAt: at(start),
      decidedAt: at(start),
      activatedAt: at(start),
      completedAt: paidOff ? new Date() : null,
    })
    .returning();
  const what = `loan ${loanNumber(loan!.seq)}`;
  const inCash = book.cashRepayments ?? 0;
  // Cash repayments were taken earlier today (minutes apart), the others on their due date.
  const paidOn = (i: number) =>
    i >= paidDue.length - inCash ? earlierToday((i + 1) * 60_000) : at(paidDue[i]!.dueDate);
  await tx.insert(loanRepayments).values(
    schedule.map((s) => ({
      loanId: loan!.id,
      userId: person.id,
      number: s.number,
      dueDate: s.dueDate,
      amountDue: s.amountDue,
      amountPaid: s.number <= book.paidInstalments ? s.amountDue : 0,
      status: s.number <= book.paidInstalments ? ('paid' as const) : ('due' as const),
      paidAt: s.number <= book.paidInstalments ? paidOn(s.number - 1) : null,
    })),
  );
  const base = { userId: person.id, purpose: 'loan_repayment' as const, phone: person.phone, what, loanId: loan!.id };
  const deposit = await paid(tx, agent, { ...base, method: 'mtn', amount: quote.deposit, date: at(start) });
  await postJournal(tx, {
    idempotencyKey: `loan:${loan!.id}:sale`,
    kind: 'loan_sale',
    description: `${loan!.productName} sold on credit, loan ${loanNumber(loan!.seq)}`,
    postings: [
      { account: HOUSE_ACCOUNTS.loansReceivable, amount: -quote.creditPrice },
      { account: HOUSE_ACCOUNTS.salesRevenue, amount: quote.creditPrice },
    ],
  });
  await tx.update(loans).set({ depositPaymentId: deposit.id }).where(eq(loans.id, loan!.id));
  await insertOrder(tx, agent, person, {
    id: orderId,
    product,
    total: quote.creditPrice,
    status: 'delivered',
    date: at(start),
    onCredit: true,
  });
  for (const [i, s] of paidDue.entries()) {
    const date = paidOn(i);
    await paid(tx, agent, {
      ...base,
      method: i >= paidDue.length - inCash ? 'cash' : 'mtn',
      amount: s.amountDue,
      date,
    });
  }
  return loan!;
}
