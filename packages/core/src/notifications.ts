import { formatUgx, type Ugx } from './money.ts';

/** What a notification is about; the spec's three plus identity checks, the account and support. */
export const NOTIFICATION_TYPES = [
  'order_update',
  'payment_update',
  'loan_reminder',
  'loan_update',
  'kyc_update',
  'account',
  'support',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * How each type may also reach people outside the app: 'always' goes out whatever the user
 * chose (security notices; repayment reminders, which the credit terms promise by SMS),
 * 'optional' follows the user's SMS and email choices, 'never' stays in the app. A text goes
 * only for a notice its sender marks as one the person acts on (a payment's result, a token,
 * an order ready or delivered, a reminder, support asking the customer for information);
 * identity checks never go by SMS.
 */
export type DeliveryRule = 'always' | 'optional' | 'never';
export const NOTIFICATION_DELIVERY: Record<NotificationType, { sms: DeliveryRule; email: DeliveryRule }> = {
  order_update: { sms: 'optional', email: 'optional' },
  payment_update: { sms: 'optional', email: 'optional' },
  loan_reminder: { sms: 'always', email: 'optional' },
  /** Approval, refusal, activation and device tokens: a token is needed to use the device. */
  loan_update: { sms: 'always', email: 'optional' },
  kyc_update: { sms: 'never', email: 'optional' },
  account: { sms: 'always', email: 'always' },
  support: { sms: 'optional', email: 'optional' },
};

/** An SMS of at most two parts (306 characters). */
export const SMS_MAX_LENGTH = 306;

/** The text message for a notification: its title and message, cut to two SMS parts (plain dots, not an ellipsis sign, which would cost a Unicode SMS). */
export function smsText(title: string, message: string): string {
  const text = `EcoGrid: ${title.replace(/[.!?]$/, '')}. ${message}`;
  return text.length <= SMS_MAX_LENGTH ? text : `${text.slice(0, SMS_MAX_LENGTH - 3)}...`;
}

/** A notification as the API answers it. */
export type NotificationItem = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  isRead: boolean;
  createdAt: string;
};

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

/** What the order, payment and loan events carry on the event stream. */
export type LiveEventData = {
  order: { orderId: string; status: string };
  payment: { status: string; amount: number };
  loan_repayment: { amount: number; dueInDays: number };
};

/** The toast for an order, payment or loan event, or null when the event lacks what the words need. */
export function toastForEvent(type: string, data: Record<string, unknown>): Toast | null {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const whole = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
  if (type === 'order') {
    const orderId = text(data.orderId);
    const status = text(data.status);
    return orderId && status ? toasts.orderStatus(orderId, status) : null;
  }
  if (type === 'payment') {
    const status = text(data.status);
    const amount = whole(data.amount);
    return status && amount !== null ? toasts.payment(status, amount) : null;
  }
  if (type === 'loan_repayment') {
    const amount = whole(data.amount);
    const days = whole(data.dueInDays);
    return amount !== null && days !== null ? toasts.loanReminder(amount, days) : null;
  }
  return null;
}
