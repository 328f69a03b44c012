import { onPaymentSettled, type SettlementRule } from '#src/features/payments/payments.service.ts';
import { lockOrder } from './order-rows.ts';
import { settleOrderPayment } from './settle-order-payment.ts';

/**
 * How orders react to the other features' events: an order payment settled. Registered by every
 * entry point that settles payments (app.ts and background.ts, through src/rules.ts), never by
 * importing this file; doing it twice changes nothing. Why: docs/decisions/008-cross-feature-rules.md.
 */
export function registerOrderRules(): void {
  onPaymentSettled('order', { lock: lockOrderPayment, settle: settleOrderPayment });
}

/** The order is locked before the settlement touches the ledger, as the orders' own requests do. */
const lockOrderPayment: SettlementRule = async (tx, _deps, payment) => {
  if (payment.orderId) await lockOrder(tx, payment.orderId, null);
};
