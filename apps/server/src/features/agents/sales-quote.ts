import { createHash } from 'node:crypto';
import type { saleRequestSchema, SaleQuote, SaleQuoteLine } from '@ecogrid/core/agent-sales';
import { canonicalJson } from '@ecogrid/core/canonical-json';
import { quoteLoan } from '@ecogrid/core/credit';
import { withFollowOn } from '@ecogrid/core/credit-policy';
import { deliveryFee } from '@ecogrid/core/orders';
import type { z } from 'zod';
import type { Database, Tx } from '#src/db/client.ts';
import { AppError } from '#src/platform/errors.ts';
import { lockProductsForSale, outOfStockMessage, productsForSale } from '#src/features/catalog/stock.service.ts';
import { creditStanding } from '#src/features/kyc/kyc.service.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { customerFollowOn, holdPlans, judgeUnits, productPlans } from '#src/features/loans/loans.service.ts';
import { deliveryFeeRule, fulfilmentDetails, holdDeliveryFeeRule } from '#src/features/orders/orders.service.ts';

export type SaleRequestInput = z.output<typeof saleRequestSchema>;

/**
 * What the customer would see at checkout for these lines: each cash line's price, each credit
 * line's terms on its plan (quoteLoan, per unit), the delivery fee on the cash lines' order, and
 * what is paid now. Refuses what checkout would refuse: a product not sold or not in stock, a
 * plan not offered for the product, credit without a verified identity check (403), a pickup
 * point that is closed or an address that is not a place.
 */
export async function quoteSale(db: Database | Tx, customerId: string, request: SaleRequestInput): Promise<SaleQuote> {
  const ids = [...new Set(request.lines.map((l) => l.productId))];
  const products = await productsForSale(db, ids);
  const wanted = new Map<string, number>();
  for (const line of request.lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  for (const [id, quantity] of wanted) {
    const product = products.get(id);
    if (!product || !product.active) {
      throw new AppError('product_unavailable', `${product?.name ?? 'A product'} is no longer sold.`, 422);
    }
    if (product.stock < quantity)
      throw new AppError('out_of_stock', outOfStockMessage(product.name, product.stock), 422);
  }
  const onCredit = request.lines.filter((l) => l.planId);
  if (onCredit.length > 0 && !(await creditStanding(db, customerId)).verified) {
    throw new AppError(
      'kyc_required',
      'Buying on credit needs a verified identity check. Complete the customer’s identity check first, or sell for cash.',
      403,
    );
  }
  const plans = new Map(
    (await Promise.all([...new Set(onCredit.map((l) => l.productId))].map((id) => productPlans(db, id, true))))
      .flat()
      .map((p) => [p.id, p]),
  );
  // A customer who paid off on time is quoted the follow-on deposit the sale will charge.
  const offer = onCredit.length > 0 ? await customerFollowOn(db, customerId) : { eligible: false, depositBp: null };
  const lines: SaleQuoteLine[] = request.lines.map((line) => {
    const product = products.get(line.productId)!;
    const base = { productId: product.id, name: product.name, quantity: line.quantity, unitPrice: product.price };
    if (!line.planId) return { ...base, mode: 'cash', lineTotal: product.price * line.quantity, credit: null };
    if (!product.loanEligible) {
      throw new AppError('not_sold_on_credit', `${product.name} is not sold on credit. Sell it for cash.`, 422);
    }
    const plan = plans.get(line.planId);
    if (!plan || plan.productId !== product.id) {
      throw new AppError('plan_not_allowed', `Choose one of the plans offered for ${product.name}.`, 422);
    }
    const q = quoteLoan(product.price, withFollowOn(plan, offer));
    const credit = {
      planId: plan.id,
      planName: plan.name,
      cashPrice: q.cashPrice,
      creditPrice: q.creditPrice,
      deposit: q.deposit,
      instalment: q.instalment,
      lastInstalment: q.lastInstalment,
      instalments: q.instalments,
      frequency: q.frequency,
      costOfCredit: q.costOfCredit,
      depositDays: q.depositDays,
    };
    return { ...base, mode: 'credit', lineTotal: q.creditPrice * line.quantity, credit };
  });
  await db.transaction((tx) => fulfilmentDetails(tx, request));
  const cashSubtotal = sum(lines.filter((l) => !l.credit).map((l) => l.lineTotal));
  const fee = cashSubtotal > 0 ? deliveryFee(await deliveryFeeRule(db), cashSubtotal, request.fulfilment) : 0;
  // Units on credit in the order the sale makes them loans, each judged as the sale will judge it.
  const units = lines.flatMap((l) => (l.credit ? Array<NonNullable<typeof l.credit>>(l.quantity).fill(l.credit) : []));
  const judged = units.length
    ? await judgeUnits(db, await creditPolicyInForce(db), {
        userId: customerId,
        units,
        declaredIncome: request.declaredIncome ?? null,
        now: new Date(),
      })
    : [];
  const approved = units.filter((_, i) => judged[i]!.outcome === 'approve').map((u) => u.deposit);
  return {
    lines,
    cashSubtotal,
    deliveryFee: fee,
    deposits: sum(units.map((u) => u.deposit)),
    costOfCredit: sum(lines.map((l) => (l.credit ? l.credit.costOfCredit * l.quantity : 0))),
    waitingForApproval: judged.filter((j) => j.outcome === 'review').length,
    payNow: cashSubtotal + fee + sum(approved),
    total: cashSubtotal + fee + sum(lines.filter((l) => l.credit).map((l) => l.lineTotal)),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The quote of a sale again, in the sale's transaction, with the rows its prices come from held
 * until the sale commits: the products locked (their price and stock), the plans and the
 * delivery fee rule share-locked. A change committed since the terms were texted shows here, and
 * none can slip in between this quote and the order and loans the sale makes.
 */
export async function quoteSaleHeld(tx: Tx, customerId: string, request: SaleRequestInput): Promise<SaleQuote> {
  await lockProductsForSale(tx, [...new Set(request.lines.map((l) => l.productId))]);
  await holdPlans(tx, [...new Set(request.lines.flatMap((l) => (l.planId ? [l.planId] : [])))]);
  await holdDeliveryFeeRule(tx);
  return quoteSale(tx, customerId, request);
}

/** A digest of the terms the customer is asked to accept: what they buy, where it goes, and the quote. */
export function termsDigest(request: SaleRequestInput, quote: SaleQuote): string {
  return createHash('sha256').update(canonicalJson({ request, quote })).digest('hex').slice(0, 32);
}
