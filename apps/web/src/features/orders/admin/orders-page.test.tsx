// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderSummary, DeliveryFeeRule } from './api.ts';
import OrdersPage from './orders-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const anOrder = (changes: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  id: '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
  number: 'ORD-100002',
  status: 'paid',
  total: 175_000,
  itemCount: 2,
  firstItem: 'SunKing Pro 400 lantern',
  createdAt: '2026-03-02T07:15:00.000Z',
  customer: { id: 'u1', name: 'Nakato Sarah', phone: '+256772123456' },
  ...changes,
});

let rule: DeliveryFeeRule;
let feeReply: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/checkout/options') return { body: { deliveryFee: rule, pickupPoints: [] } };
  if (url === '/api/admin/store/delivery-fee' && method === 'PUT') {
    if (feeReply) return feeReply;
    rule = body as DeliveryFeeRule;
    return { body: rule };
  }
  if (!url.startsWith('/api/admin/orders')) return { status: 404, body: {} };
  return url.includes('cursor=c2')
    ? { body: { items: [anOrder({ id: 'o2', number: 'ORD-100001', status: 'cancelled' })], nextCursor: null } }
    : { body: { items: [anOrder()], nextCursor: 'c2' } };
});

beforeEach(() => {
  rule = { flatFee: 5_000, freeFrom: 300_000 };
  feeReply = null;
  server.start();
});

describe('the admin orders list', () => {
  it('lists orders with their number, status, total, items and customer, and loads more', async () => {
    renderPage(OrdersPage, '/admin/orders');
    const card = (await screen.findByRole('article', { name: 'ORD-100002' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'ORD-100002' }).getAttribute('href')).toBe(
      '/admin/orders/5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
    );
    expect(card.textContent).toContain('Paid');
    expect(card.textContent).toContain('UGX 175,000');
    expect(card.textContent).toContain('2 items, including SunKing Pro 400 lantern');
    expect(card.textContent).toContain('Nakato Sarah · +256772123456');
    expect(screen.getByText('Showing 1 order')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('article', { name: 'ORD-100001' })).textContent).toContain('Cancelled');
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/orders?limit=25&cursor=c2');
  });

  it('filters by status and searches by number or customer once typing stops', async () => {
    renderPage(OrdersPage, '/admin/orders');
    await screen.findByRole('article', { name: 'ORD-100002' });
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual([
      'All statuses',
      'Waiting for payment',
      'Paid',
      'Being prepared',
      'On the way',
      'Delivered',
      'Completed',
      'Cancelled',
    ]);
    fireEvent.change(status, { target: { value: 'processing' } });
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain('/api/admin/orders?status=processing&limit=25'),
    );
    const before = server.seen.length;
    const search = screen.getByLabelText('Search orders');
    fireEvent.change(search, { target: { value: 'ORD' } });
    fireEvent.change(search, { target: { value: 'ORD-100002' } });
    expect(server.seen.length).toBe(before);
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain('/api/admin/orders?status=processing&q=ORD-100002&limit=25'),
    );
    expect(server.seen.slice(before).some((r) => r.url.includes('q=ORD&'))).toBe(false);
  });

  it('shows the delivery fee and changes it, checking the amounts first', async () => {
    renderPage(OrdersPage, '/admin/orders');
    const summary = await screen.findByText('— UGX 5,000 per order, free from UGX 300,000');
    fireEvent.click(summary.closest('summary')!);
    const fee = screen.getByLabelText('Fee per order (UGX)') as HTMLInputElement;
    const freeFrom = screen.getByLabelText('Free from an order of (UGX)') as HTMLInputElement;
    expect([fee.value, freeFrom.value]).toEqual(['5000', '300000']);

    fireEvent.change(fee, { target: { value: '600,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the delivery fee' }));
    expect(document.getElementById(fee.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'The fee is at most UGX 500,000',
    );
    expect(document.activeElement).toBe(fee);
    fireEvent.change(fee, { target: { value: '7.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the delivery fee' }));
    expect(screen.getByText('Enter whole shillings, like 5,000')).toBeTruthy();
    expect(server.seen.filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.change(fee, { target: { value: '7,000' } });
    fireEvent.change(freeFrom, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the delivery fee' }));
    expect(await screen.findByText('Saved: UGX 7,000 per order.')).toBeTruthy();
    expect(server.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { flatFee: 7_000, freeFrom: null },
    ]);
    expect(screen.getByText('— UGX 7,000 per order')).toBeTruthy();
  });
});
