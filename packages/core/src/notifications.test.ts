import { describe, expect, it } from 'vitest';
import { toasts } from './notifications.ts';

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
