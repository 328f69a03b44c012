import { randomUUID } from 'node:crypto';
import { deliveryFee, type DeliveryFeeRule } from '@ecogrid/core/orders';
import type { Answer } from './catalog-admin.ts';
import { DELIVERY } from './loan-helpers.ts';
import type { NetworkPayment, Random } from './money-model.ts';
import { codeOf, deliverCallback, PENDING_PHONE, type World } from './money-world.ts';

/** One money-moving request a customer (or the admin for them) sends; kept so it can be sent again. */
export type SimRequest = {
  kind: 'topup' | 'withdraw' | 'checkout' | 'repay' | 'refund';
  customer: number;
  path: string;
  body: unknown;
  key: string;
  /** The first answer, and the id of what it made (payment or order), once it moved money. */
  first?: Answer;
  effectId?: string;
};

/** Thrown with what the model expected; the runner adds the seed, step and replay command. */
export class Unexpected extends Error {}

const expectStatus = (answer: Answer, allowed: number[], what: string) => {
  if (!allowed.includes(answer.status)) {
    throw new Unexpected(
      `${what}: answered ${answer.status} ${JSON.stringify(answer.body)}, expected ${allowed.join(' or ')}`,
    );
  }
};

/** A new request of a kind for a customer, sized at random, or null when it makes no sense now. */
export async function planRequest(
  world: World,
  random: Random,
  kind: SimRequest['kind'],
  customer: number,
): Promise<SimRequest | null> {
  const own = world.model.customers[customer]!;
  const base = { kind, customer, key: randomUUID() };
  switch (kind) {
    case 'topup':
      return {
        ...base,
        path: '/api/wallet/top-ups',
        body: { amount: random.amount(500, 300_000), phone: PENDING_PHONE, network: 'mtn' },
      };
    case 'withdraw': {
      // Now and then more than the wallet holds.
      const amount = random.amount(500, Math.max(1_000, Math.round(own.wallet * 1.2)));
      return {
        ...base,
        path: '/api/wallet/withdrawals',
        body: { amount, phone: PENDING_PHONE, network: 'mtn', code: codeOf(world.customers[customer]!) },
      };
    }
    case 'checkout': {
      if (own.cart.size === 0) {
        const product = random.pick(world.products);
        const quantity = random.int(1, 2);
        const added = await world.customers[customer]!.api.post('/api/cart/items', { productId: product.id, quantity });
        expectStatus(added, [201], 'adding to the cart');
        own.cart.set(product.id, quantity);
      }
      return { ...base, path: '/api/orders', body: { ...DELIVERY, payment: { method: 'wallet' } } };
    }
    case 'repay': {
      if (!own.loan) return null;
      const owed = own.loan.total - own.loan.paid;
      // Now and then more than is owed, or than the wallet holds.
      const amount = random.chance(0.1) ? owed + 500 : random.amount(500, Math.max(500, Math.min(owed, 250_000)));
      return { ...base, path: `/api/loans/${own.loan.id}/repayments`, body: { amount, payment: { method: 'wallet' } } };
    }
    case 'refund': {
      const mine = world.model.orders.filter((o) => o.customer === customer);
      if (mine.length === 0) return null;
      // Mostly orders not refunded yet; now and then one already refunded (refused, nothing moves).
      const fresh = mine.filter((o) => !o.refunded);
      const order = fresh.length > 0 && random.chance(0.85) ? random.pick(fresh) : random.pick(mine);
      return {
        ...base,
        path: `/api/admin/orders/${order.id}/status`,
        body: { status: 'cancelled', note: 'Refunded in the money simulation' },
      };
    }
  }
}

/** Sends a request (again, for a replay) as its customer, or as the admin for a refund. */
export function sendRequest(world: World, request: SimRequest): Promise<Answer> {
  const api = request.kind === 'refund' ? world.admin : world.customers[request.customer]!.api;
  return api.post(request.path, request.body, request.key);
}

const cartTotal = (world: World, cart: Map<string, number>) =>
  [...cart].reduce((sum, [id, quantity]) => sum + world.products.find((p) => p.id === id)!.price * quantity, 0);

/**
 * Moves the model's money as the request should have, given the app's answer. With `strict`
 * (the request ran alone) the answer must be the one the model predicts; run alongside another
 * request of the same customer, either order's answer is accepted and the balances decide.
 */
export function applyAnswer(
  world: World,
  request: SimRequest,
  answer: Answer,
  strict: boolean,
  feeRule: DeliveryFeeRule,
) {
  const model = world.model;
  const own = model.customers[request.customer]!;
  const body = request.body as { amount?: number };
  const refused = (code: string) => answer.status >= 400 && answer.body?.error?.code === code;
  switch (request.kind) {
    case 'topup': {
      expectStatus(answer, [202], 'top-up');
      const id = answer.body.id as string;
      if (!model.network.has(id)) {
        model.network.set(id, {
          paymentId: id,
          customer: request.customer,
          kind: 'topup',
          amount: body.amount!,
          outcome: null,
        });
      }
      return id;
    }
    case 'withdraw': {
      const fits = body.amount! <= own.wallet;
      expectStatus(answer, strict ? (fits ? [202] : [422]) : [202, 422], 'withdrawal');
      if (answer.status === 422) {
        if (strict && !refused('insufficient_funds'))
          throw new Unexpected(`withdrawal refused: ${JSON.stringify(answer.body)}`);
        if (!refused('insufficient_funds') && !refused('invalid_code'))
          throw new Unexpected(`withdrawal refused: ${JSON.stringify(answer.body)}`);
        return undefined;
      }
      const id = answer.body.id as string;
      if (model.once(id)) {
        own.wallet -= body.amount!;
        model.network.set(id, {
          paymentId: id,
          customer: request.customer,
          kind: 'withdrawal',
          amount: body.amount!,
          outcome: null,
        });
      }
      return id;
    }
    case 'checkout': {
      const subtotal = cartTotal(world, own.cart);
      const total = subtotal + deliveryFee(feeRule, subtotal, 'delivery');
      const fits = subtotal > 0 && total <= own.wallet;
      expectStatus(answer, strict ? (fits ? [201] : [422]) : [201, 422], 'checkout');
      if (answer.status !== 201) {
        if (strict && subtotal > 0 && !refused('insufficient_funds'))
          throw new Unexpected(`checkout refused: ${JSON.stringify(answer.body)}`);
        return undefined;
      }
      const order = answer.body.order as { id: string; total: number };
      if (model.once(order.id)) {
        if (order.total !== total)
          throw new Unexpected(`checkout: the order's total is ${order.total}, the cart's ${total}`);
        own.wallet -= total;
        own.cart.clear();
        model.orders.push({ id: order.id, customer: request.customer, total, refunded: false });
      }
      return order.id;
    }
    case 'repay': {
      const loan = own.loan!;
      const owed = loan.total - loan.paid;
      const expected = owed === 0 ? 409 : body.amount! > owed || body.amount! > own.wallet ? 422 : 200;
      expectStatus(answer, strict ? [expected] : [200, 409, 422], 'repayment');
      if (answer.status !== 200) {
        const code = owed === 0 ? 'loan_not_active' : body.amount! > owed ? 'overpayment' : 'insufficient_funds';
        if (strict && !refused(code))
          throw new Unexpected(`repayment refused: ${JSON.stringify(answer.body)}, expected ${code}`);
        return undefined;
      }
      const id = answer.body.payment.id as string;
      if (model.once(id)) {
        own.wallet -= body.amount!;
        loan.paid += body.amount!;
      }
      return id;
    }
    case 'refund': {
      const orderId = request.path.split('/')[4]!;
      const order = model.orders.find((o) => o.id === orderId)!;
      expectStatus(answer, strict ? [order.refunded ? 409 : 200] : [200, 409], 'refund');
      if (answer.status !== 200) return undefined;
      if (model.once(`refund:${orderId}`)) {
        own.wallet += order.total;
        order.refunded = true;
      }
      return `refund:${orderId}`;
    }
  }
}

/**
 * The network answers a payment: its first word decides (a successful top-up credits the
 * wallet, a failed payout gives the money back); a later callback, the same or contradicting,
 * must change nothing.
 */
export async function networkAnswer(world: World, random: Random, payment: NetworkPayment) {
  const first = payment.outcome === null;
  const outcome = first
    ? random.chance(0.75)
      ? 'successful'
      : 'failed'
    : random.chance(0.8)
      ? payment.outcome!
      : payment.outcome === 'successful'
        ? 'failed'
        : 'successful';
  const status = await deliverCallback(world, payment, outcome);
  if (status !== 200) throw new Unexpected(`callback for ${payment.kind} ${payment.paymentId}: answered ${status}`);
  if (!first) return;
  payment.outcome = outcome;
  const own = world.model.customers[payment.customer]!;
  if (payment.kind === 'topup' && outcome === 'successful') own.wallet += payment.amount;
  if (payment.kind === 'withdrawal' && outcome === 'failed') own.wallet += payment.amount;
}
