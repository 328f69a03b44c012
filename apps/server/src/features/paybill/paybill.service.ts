// The paybill feature's face to its routes and the other features.
export { receivePaybillNotification } from './receive-notification.ts';
export { assignReceipt, customersForReceipt, heldReceipts, returnReceipt } from './held-receipts.ts';
