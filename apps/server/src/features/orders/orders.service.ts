// The orders feature's face to its routes and the other features: one use case per file.
export { cancelOrder, moveOrder, onOrderDelivered, type DeliveryRule } from './change-order.ts';
export { bringsOrder } from './pay-on-delivery.ts';
export { placeCreditOrder } from './credit-order.ts';
export { onCreditOrderView, type CreditLookup } from './order-view.ts';
export { lockOrder, orderLineQuantities, type OrderDeps } from './order-rows.ts';
export { createOrder, fulfilmentDetails, orderByKey, placeOrder, type OrderPaymentWay } from './place-order.ts';
export { findOrder, orderView } from './order-view.ts';
export {
  deliveryFeeRule,
  holdDeliveryFeeRule,
  listPickupPoints,
  pickupReadyNow,
  setDeliveryFeeRule,
} from './store-settings.ts';
export { customerOrders, customersOrderPage, hasReceivedProduct, ordersOnTheirWay } from './order-queries.ts';
export { onOrderStatusChanged, type OrderStatusRule } from './order-status-rules.ts';
export { orderIdByNumber, orderNumbersOf, takeCashForOrder } from './cash-order-payment.ts';
export { agentSalesSince } from './agent-sales.ts';
export { salesReach } from './sales-reach.ts';
export { expireUnpaidOrders } from './pay-order.ts';
export { cashSalesByDay } from './sales-days.ts';
export { customerIdsWhoBought } from './campaign-buyers.ts';
export { salesGrouped, type SalesFilter, type SalesGroup, type SalesGrouping } from './sales-report.ts';
