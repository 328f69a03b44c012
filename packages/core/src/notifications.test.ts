import { describe, expect, it } from 'vitest';
import { SMS_MAX_LENGTH, smsText, toastForEvent, toasts } from './notifications.ts';

describe('toast words', () => {
  it("are the spec's, with amounts in UGX", () => {
    expect(toasts.orderStatus('A1B2', 'shipped')).toEqual({
      title: 'Order Status Update',
      message: 'Order A1B2 status: shipped',
    });
    expect(toasts.payment('completed', 1_250_000)).toEqual({
      title: 'Payment Update',
      message: 'Payment completed: UGX 1,250,000',
    });
    expect(toasts.loanReminder(45_000, 3)).toEqual({
      title: 'Loan Payment Reminder',
      message: 'Payment of UGX 45,000 due in 3 days',
    });
  });
});

describe('toastForEvent', () => {
  it('words order, payment and loan events, and ignores incomplete ones', () => {
    expect(toastForEvent('order', { orderId: 'A1B2', status: 'delivered' })?.message).toBe(
      'Order A1B2 status: delivered',
    );
    expect(toastForEvent('payment', { status: 'failed', amount: 20_000 })?.message).toBe('Payment failed: UGX 20,000');
    expect(toastForEvent('loan_repayment', { amount: 45_000, dueInDays: 2 })?.title).toBe('Loan Payment Reminder');
    expect(toastForEvent('payment', { status: 'failed', amount: 1.5 })).toBeNull();
    expect(toastForEvent('order', { status: 'delivered' })).toBeNull();
    expect(toastForEvent('notification', {})).toBeNull();
  });
});

describe('smsText', () => {
  it('puts the title before the message', () => {
    expect(smsText('Payment Update', 'Payment completed: UGX 20,000')).toBe(
      'EcoGrid: Payment Update. Payment completed: UGX 20,000',
    );
    expect(smsText('Done!', 'x')).toBe('EcoGrid: Done. x');
  });

  it('cuts long messages to two SMS parts with plain dots', () => {
    const text = smsText('Support', 'a'.repeat(400));
    expect(text).toHaveLength(SMS_MAX_LENGTH);
    expect(text.endsWith('a...')).toBe(true);
  });
});
