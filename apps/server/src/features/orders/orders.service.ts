import { onPaymentSettled } from '#src/features/payments/payments.service.ts';
import { lockOrder } from './order-rows.ts';
import { settleOrderPayment } from './settle-order-payment.ts';

// The orders feature's face to its routes and the other features: one use case per file.
export { cancelOrder, moveOrder, onOrderDelivered } from './change-order.ts';
export { placeCreditOrder } from './credit-order.ts';
export { onCreditOrderView } from './order-view.ts';
export { lockOrder, orderLineQuantities, type OrderDeps } from './order-rows.ts';
export { checkMobileAmount, fulfilmentDetails, placeOrder } from './place-order.ts';
export { settleOrderPayment } from './settle-order-payment.ts';
export { deliveryFeeRule, listPickupPoints, setDeliveryFeeRule } from './store-settings.ts';

onPaymentSettled('order', {
  lock: async (tx, _deps, payment) => {
    if (payment.orderId) await lockOrder(tx, payment.orderId, null);
  },
  settle: (tx, deps, payment) => settleOrderPayment(tx, deps, payment),
});
