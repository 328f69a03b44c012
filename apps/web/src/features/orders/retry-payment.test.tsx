// @vitest-environment jsdom
import type { Order } from '@ecogrid/core/orders';
import type { Wallet } from '@ecogrid/core/wallet.responses';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { anOrder, aWallet, fakeServer, ORDER_ID, renderOrders } from './test-setup.tsx';

let order: Order;
let wallet: Wallet;
let payReply: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === `/api/orders/${ORDER_ID}` && method === 'GET') return { body: order };
  if (url === '/api/wallet') return { body: wallet };
  if (url === `/api/orders/${ORDER_ID}/payments` && method === 'POST') {
    if (payReply) return payReply;
    const choice = body as { method: 'wallet' | 'mtn' | 'airtel'; phone?: string };
    order =
      choice.method === 'wallet'
        ? { ...order, status: 'paid', paymentMethod: 'wallet', paymentStatus: 'successful', paidAt: order.createdAt }
        : { ...order, paymentMethod: choice.method, paymentStatus: 'pending', paymentPhone: choice.phone! };
    order = { ...order, paymentFailureReason: null, payBy: order.status === 'paid' ? null : order.payBy };
    return { body: { order, payment: { id: 'p2', status: order.paymentStatus } } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
});

/** An order whose MTN payment from 0772 000101 failed for want of money, kept until 07:45 UTC (10:45 in Kampala). */
const failedOrder = (changes: Partial<Order> = {}) =>
  anOrder({
    status: 'pending_payment',
    paymentMethod: 'mtn',
    paymentStatus: 'failed',
    paymentPhone: '+256772000101',
    paymentFailureReason: 'NOT_ENOUGH_FUNDS',
    payBy: '2026-03-02T07:45:00.000Z',
    paidAt: null,
    ...changes,
  });

const payments = () => server.seen.filter((r) => r.url.endsWith('/payments'));

beforeEach(() => {
  order = failedOrder();
  wallet = aWallet({ balance: 200_000 });
  payReply = null;
  server.start();
});

describe('an order whose payment failed', () => {
  it('says why in plain words, how long it is kept, and tries the same number again', async () => {
    renderOrders(`/my-orders/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', {
        name: 'Payment failed: there was not enough money on the mobile-money account.',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/We keep order ORD-100001 and its items for you until Mar 2, 2026, 10:45 AM/)).toBeTruthy();
    // Not waiting for the phone any more, and not asked for again and again.
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again: UGX 175,000 from 0772 000101 (MTN Mobile Money)' }));
    expect(await screen.findByRole('heading', { name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(payments().map((r) => r.body)).toEqual([{ method: 'mtn', phone: '+256772000101' }]);
    expect(payments()[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('heading', { name: /^Payment failed/ })).toBeNull();
  });

  it('pays from the wallet, showing the balance, and then offers the receipt', async () => {
    renderOrders(`/my-orders/${ORDER_ID}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Pay UGX 175,000 from my wallet (balance UGX 200,000)' }),
    );
    expect(await screen.findByRole('link', { name: 'Download receipt (PDF)' })).toBeTruthy();
    expect(payments().map((r) => r.body)).toEqual([{ method: 'wallet' }]);
    expect(screen.queryByRole('heading', { name: /^Payment failed/ })).toBeNull();
  });

  it('does not offer a wallet that holds too little, and shows the way to top it up', async () => {
    wallet = aWallet({ balance: 10_000 });
    renderOrders(`/my-orders/${ORDER_ID}`);
    const button = await screen.findByRole('button', { name: 'Pay UGX 175,000 from my wallet (balance UGX 10,000)' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Your wallet has UGX 10,000, and this order costs UGX 175,000.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up your wallet' })).toBeTruthy();
  });

  it('pays from another number and network, checking the number first', async () => {
    order = failedOrder({ paymentFailureReason: 'EXPIRED', paymentStatus: 'expired' });
    renderOrders(`/my-orders/${ORDER_ID}`);
    await screen.findByRole('heading', { name: 'Payment failed: the payment was not approved in time.' });
    const toggle = screen.getByRole('button', { name: 'Use another number or network' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const phone = screen.getByLabelText('Pay from this number');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay UGX 175,000 from this number' }));
    expect(await screen.findByText('Enter a Ugandan mobile number, like 0772 123456')).toBeTruthy();
    expect(document.activeElement).toBe(phone);
    expect(payments()).toEqual([]);
    fireEvent.change(phone, { target: { value: '0752 123456' } });
    await waitFor(() => expect((screen.getByLabelText('Airtel Money') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Pay UGX 175,000 from this number' }));
    expect(await screen.findByRole('heading', { name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(payments().map((r) => r.body)).toEqual([{ method: 'airtel', phone: '+256752123456' }]);
  });

  it("shows the server's refusal and keeps the ways to pay", async () => {
    payReply = {
      status: 409,
      body: {
        error: {
          code: 'payment_pending',
          message: 'A payment for this order is still waiting for approval on the phone.',
        },
      },
    };
    renderOrders(`/my-orders/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /^Try again: UGX 175,000/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('still waiting for approval on the phone');
    expect(screen.getByRole('button', { name: /^Try again: UGX 175,000/ })).toBeTruthy();
    expect(payments()).toHaveLength(1);
  });

  it('reads an unknown network code as the general failure', async () => {
    order = failedOrder({ paymentFailureReason: 'SOMETHING_NEW' });
    renderOrders(`/my-orders/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Payment failed: the network could not complete the payment.' }),
    ).toBeTruthy();
  });
});
