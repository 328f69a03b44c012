import { formatUgx, type Ugx } from './money.ts';

/** What a notification is about; the spec's three plus identity checks, the account and support. */
export const NOTIFICATION_TYPES = [
  'order_update',
  'payment_update',
  'loan_reminder',
  'kyc_update',
  'account',
  'support',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The most notifications a user's list shows (spec: newest first, limit 50). */
export const NOTIFICATION_LIST_LIMIT = 50;

export type Toast = { title: string; message: string };

/** The spec's toast words for the realtime events. */
export const toasts = {
  orderStatus: (orderId: string, status: string): Toast => ({
    title: 'Order Status Update',
    message: `Order ${orderId} status: ${status}`,
  }),
  payment: (status: string, amount: Ugx): Toast => ({
    title: 'Payment Update',
    message: `Payment ${status}: ${formatUgx(amount)}`,
  }),
  loanReminder: (amount: Ugx, days: number): Toast => ({
    title: 'Loan Payment Reminder',
    message: `Payment of ${formatUgx(amount)} due in ${days} days`,
  }),
};
