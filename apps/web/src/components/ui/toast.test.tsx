// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppToaster, showToast, TOAST_REPEAT_MS } from './toast.tsx';

const raised = vi.hoisted(() => [] as { kind: string; title: string; description: unknown }[]);
vi.mock('sonner', () => {
  const raise = (kind: string) => (title: string, options?: { description?: string }) =>
    raised.push({ kind, title, description: options?.description });
  return {
    Toaster: () => null,
    toast: Object.assign(raise('info'), { success: raise('success'), error: raise('error') }),
  };
});

let now = 1_000_000;
const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
afterEach(() => {
  raised.length = 0;
});
afterAll(() => {
  clock.mockRestore();
  cleanup();
});

beforeAll(() => {
  render(<AppToaster />);
});

describe('the toast layer', () => {
  it('shows a toast identical to one shown in the last 10 seconds only once', async () => {
    // The payment event, then the stored notification with the same words a moment later.
    await showToast('Payment Update', { description: 'Payment successful: UGX 10,000' });
    now += 2_000;
    await showToast('Payment Update', { description: 'Payment successful: UGX 10,000' });
    expect(raised).toHaveLength(1);
    expect(raised[0]).toEqual({ kind: 'info', title: 'Payment Update', description: 'Payment successful: UGX 10,000' });
  });

  it('still shows toasts that differ in title or description', async () => {
    await showToast('Payment Update', { description: 'Payment failed: UGX 10,000' });
    await showToast('Payment Update', { description: 'Payment failed: UGX 20,000' });
    await showToast('Order Status Update', { description: 'Payment failed: UGX 10,000' });
    expect(raised.map((toast) => toast.description)).toEqual([
      'Payment failed: UGX 10,000',
      'Payment failed: UGX 20,000',
      'Payment failed: UGX 10,000',
    ]);
  });

  it('shows the same toast again once 10 seconds have passed', async () => {
    await showToast('Payment Update', { description: 'Payment expired: UGX 5,000' });
    now += TOAST_REPEAT_MS - 1;
    await showToast('Payment Update', { description: 'Payment expired: UGX 5,000' });
    expect(raised).toHaveLength(1);
    now += 1;
    await showToast('Payment Update', { description: 'Payment expired: UGX 5,000' });
    expect(raised).toHaveLength(2);
  });
});
