// The payments feature's face to its routes and the other features: one use case per file.
export { recordCollection, sendPayment, startTopUp, startWithdrawal } from './mobile-payments.ts';
export {
  getOwnPayment,
  newPaymentReference,
  paymentByKey,
  paymentFacts,
  paymentReferences,
  paymentRow,
  paymentsForLoan,
  pendingPayments,
  toPayment,
  type PaymentDeps,
} from './payment-rows.ts';
export { paymentSchema } from './payment.schema.ts';
export { checkMobileAmount, payByChoice, type AmountAdvice, type PaymentWay } from './pay-by-choice.ts';
export type { PaymentRow } from '#src/db/schema/payments.ts';
export { applyNetworkNews, reconcilePayments } from './reconcile.ts';
export { paymentDeps } from './request-deps.ts';
export {
  onPaymentSettled,
  settlePayment,
  settlementPostings,
  settleWithin,
  type Outcome,
  type SettlementRule,
  type SettleSource,
} from './settlement.ts';
export { payFromWallet } from './wallet-payments.ts';
export {
  cashCollectedSince,
  cashPaymentByKey,
  cashPaymentsCollectedBy,
  recordCashPayment,
  type CashPaymentInput,
} from './cash-payments.ts';
export { recordPaybillPayment, type PaybillPaymentInput } from './paybill-payments.ts';
export { loanCollectionsByMethod } from './collection-networks.ts';
