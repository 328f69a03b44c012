// @vitest-environment jsdom
import {
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  TAX_CLASS_LABELS,
  type Order,
  type OrderSummary,
} from '@ecogrid/core/orders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import orderStrings from '@/locales/en.orders.json';
import { expectAccessible } from '@/test/axe.ts';
import { CANCELLABLE } from './api.ts';
import { aCashSale, anOrder, fakeServer, ORDER_ID, renderOrders } from './test-setup.tsx';

const summary = (changes: Partial<OrderSummary>): OrderSummary => ({
  id: ORDER_ID,
  number: 'ORD-100002',
  status: 'shipped',
  total: 1_455_000,
  itemCount: 3,
  firstItem: 'Solar TV kit 24"',
  createdAt: '2026-03-03T16:40:00.000Z',
  ...changes,
});

let order: Order;
let cancelReply: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/orders?limit=20') {
    return {
      body: {
        items: [
          summary({}),
          summary({
            id: 'o2',
            number: 'ORD-100001',
            status: 'pending_payment',
            itemCount: 1,
            total: 85_000,
            firstItem: 'SunKing Pro 400 lantern',
          }),
        ],
        nextCursor: 'c2',
      },
    };
  }
  if (url === '/api/orders?limit=20&cursor=c2') {
    return { body: { items: [summary({ id: 'o3', number: 'ORD-100000', status: 'cancelled' })], nextCursor: null } };
  }
  if (url === `/api/orders/${ORDER_ID}` && method === 'GET') return { body: order };
  if (url === `/api/orders/${ORDER_ID}/cancel` && method === 'POST') {
    if (cancelReply) return cancelReply;
    const reason = (body as { reason?: string }).reason ?? 'Cancelled by the customer';
    const refund = order.status === 'paid' ? ` UGX 175,000 returned to the wallet.` : '';
    order = {
      ...order,
      status: 'cancelled',
      cancelReason: reason,
      timeline: [
        ...order.timeline,
        { status: 'cancelled', note: `${reason}.${refund}`, at: '2026-03-02T08:00:00.000Z' },
      ],
    };
    return { body: order };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Order not found.' } } };
});

beforeEach(() => {
  order = anOrder();
  cancelReply = null;
  server.start();
});

describe('my orders', () => {
  it('lists orders with number, date, items, total and status, and loads older ones', async () => {
    renderOrders('/my-orders');
    const first = (await screen.findByRole('article', { name: 'ORD-100002' })) as HTMLElement;
    expect(within(first).getByRole('link', { name: 'ORD-100002' }).getAttribute('href')).toBe(`/my-orders/${ORDER_ID}`);
    expect(first.textContent).toContain('On the way');
    expect(first.textContent).toContain('3 items, including Solar TV kit 24"');
    expect(first.textContent).toContain('UGX 1,455,000');
    expect(within(first).getByText(/2026/).getAttribute('dateTime')).toBe('2026-03-03T16:40:00.000Z');
    // 16:40 UTC is 19:40 in Kampala.
    expect(within(first).getByText(/2026/).textContent).toMatch(/7:40\s?PM/);
    const second = screen.getByRole('article', { name: 'ORD-100001' });
    expect(second.textContent).toContain('Waiting for payment');
    expect(second.textContent).toContain('1 item: SunKing Pro 400 lantern');

    fireEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    const third = await screen.findByRole('article', { name: 'ORD-100000' });
    expect(third.textContent).toContain('Cancelled');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
  });
});

describe('one of my orders', () => {
  it('shows the timeline, the items with their VAT, the payment, the address and the totals', async () => {
    order = anOrder({
      vat: 20_593,
      lines: [
        ...anOrder().lines,
        {
          productId: 'p2',
          name: 'Solar fridge 50 L',
          sku: 'FR-50',
          imageUrl: null,
          unitPrice: 135_000,
          quantity: 1,
          lineTotal: 135_000,
          taxClass: 'standard',
          vat: 20_593,
        },
      ],
    });
    renderOrders(`/my-orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Order ORD-100001' })).toBeTruthy();
    const timeline = within(screen.getByRole('heading', { name: 'What happened' }).closest('section')!);
    const events = timeline.getAllByRole('listitem');
    expect(events.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Waiting for payment.*10:15\s?AM.*Order placed$/),
      expect.stringMatching(/^Paid.*10:15\s?AM.*Paid from the wallet$/),
    ]);
    const items = within(screen.getByRole('heading', { name: 'Items' }).closest('section')!);
    expect(items.getByText('2 × UGX 85,000 · VAT exempt')).toBeTruthy();
    expect(items.getByText('1 × UGX 135,000 · VAT 18%')).toBeTruthy();
    expect(items.getByTestId('order-total').textContent).toBe('UGX 175,000');
    expect(items.getByText('VAT included in the total').nextElementSibling?.textContent).toBe('UGX 20,593');
    const payment = screen.getByRole('heading', { name: 'Payment' }).closest('section')!;
    expect(payment.textContent).toContain('EcoGrid wallet');
    expect(payment.textContent).toContain('Successful');
    expect(payment.textContent).toContain('EG-7K2M9QXA');
    const delivery = screen.getByRole('heading', { name: 'Delivery' }).closest('section')!;
    expect(delivery.textContent).toContain('Seeta, Goma, Mukono');
    expect(delivery.textContent).toContain('Behind the church');
  });

  it.each([
    ['paid', 'successful', 'Paid with', 'To be delivered to'],
    ['delivered', 'successful', 'Paid with', 'Delivered to'],
    ['cancelled', 'failed', 'Tried to pay with', 'Was to be delivered to'],
    ['pending_payment', 'pending', 'Paying with', 'To be delivered to'],
  ] as const)('words a %s order with a %s payment as it stands', async (status, paymentStatus, method, where) => {
    order = anOrder({ status, paymentStatus });
    renderOrders(`/my-orders/${ORDER_ID}`);
    const payment = within((await screen.findByRole('heading', { name: 'Payment' })).closest('section')!);
    expect(payment.getByText(method, { selector: 'dt' }).nextElementSibling?.textContent).toBe('EcoGrid wallet');
    const delivery = within(screen.getByRole('heading', { name: 'Delivery' }).closest('section')!);
    expect(delivery.getByText(where)).toBeTruthy();
  });

  it('offers the receipt only once the order is paid', async () => {
    renderOrders(`/my-orders/${ORDER_ID}`);
    const receipt = await screen.findByRole('link', { name: 'Download receipt (PDF)' });
    expect(receipt.getAttribute('href')).toBe(`/api/orders/${ORDER_ID}/receipt`);
    expect(receipt.hasAttribute('download')).toBe(true);
  });

  it('shows no receipt for an order still waiting for its mobile money, and says what to do on the phone', async () => {
    order = anOrder({ status: 'pending_payment', paymentMethod: 'airtel', paymentStatus: 'pending', paidAt: null });
    renderOrders(`/my-orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Approve the payment on your phone' })).toBeTruthy();
    expect(screen.getByText(/Dial \*185#/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download receipt (PDF)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
  });

  it('says to pay an agent’s cash sale in cash to the agent by its date, with a call link, and nothing about a phone', async () => {
    order = aCashSale({ name: 'Nambi Grace', phone: '+256772123456' });
    renderOrders(`/my-orders/${ORDER_ID}`);
    const payment = (await screen.findByRole('heading', { name: 'Payment' })).closest('section')!;
    expect(payment.textContent).toContain('Paying withCash to an agent');
    expect(payment.textContent).toMatch(
      /To payPay UGX 175,000 in cash to Nambi Grace by .*9.*2026.*If it is not paid by then, the order is cancelled\./,
    );
    expect(within(payment).getByRole('link', { name: 'Call Nambi Grace' }).getAttribute('href')).toBe(
      'tel:+256772123456',
    );
    expect(screen.queryByRole('heading', { name: 'Approve the payment on your phone' })).toBeNull();
    await expectAccessible(document.body);
  });

  it('says the day a paid order should arrive and who brings it, with a call link', async () => {
    order = anOrder({
      status: 'shipped',
      expectedOn: '2026-03-04',
      courier: { name: 'Okello John', phone: '+256772123456' },
    });
    renderOrders(`/my-orders/${ORDER_ID}`);
    expect(await screen.findByText('Expected on Mar 4, 2026')).toBeTruthy();
    expect(screen.getByText(/Okello John brings it\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call Okello John (+256772123456)' }).getAttribute('href')).toBe(
      'tel:+256772123456',
    );
    await expectAccessible(document.body);
  });

  it('cancels a paid order after confirmation, with the reason, saying the money goes back to the wallet', async () => {
    renderOrders(`/my-orders/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const question = screen.getByText(
      'Cancel order ORD-100001? The UGX 175,000 you paid goes back to your EcoGrid wallet.',
    );
    expect(document.activeElement).toBe(question);
    fireEvent.change(screen.getByLabelText('Why are you cancelling? (optional)'), {
      target: { value: ' Bought one in town ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Your order is cancelled.')).toBeTruthy();
    expect(server.seen.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Bought one in town' });
    expect(await screen.findByText('Cancelled: Bought one in town')).toBeTruthy();
    expect(screen.getByText('Bought one in town. UGX 175,000 returned to the wallet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    // A cancelled order that had been paid keeps its receipt.
    expect(screen.getByRole('link', { name: 'Download receipt (PDF)' })).toBeTruthy();
  });

  it('names the loan of an order bought on credit, with the deposit paid, and offers no cancelling', async () => {
    order = anOrder({
      total: 1_200_000,
      loan: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', number: 'LN-000042', deposit: 300_000 },
    });
    renderOrders(`/my-orders/${ORDER_ID}`);
    const loan = await screen.findByRole('link', { name: 'Loan LN-000042' });
    expect(loan.getAttribute('href')).toBe('/customer/loan/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
    const payment = screen.getByRole('heading', { name: 'Payment' }).closest('section')!;
    expect(payment.textContent).toContain('Deposit paidUGX 300,000');
    expect(payment.textContent).toContain(
      'The rest of UGX 900,000 is paid on the loan: this order cannot be cancelled.',
    );
    expect(screen.getByRole('link', { name: 'Download receipt (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('keeps the order when the customer thinks again, and shows a refusal', async () => {
    renderOrders(`/my-orders/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);
    cancelReply = {
      status: 409,
      body: {
        error: {
          code: 'order_not_cancellable',
          message: 'This order is already being prepared and can no longer be cancelled. Please contact support.',
        },
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This order is already being prepared/);
    expect(server.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{}]);
  });

  it('offers no cancelling once the order is being prepared, and follows a live update', async () => {
    const client = renderOrders(`/my-orders/${ORDER_ID}`);
    await screen.findByRole('button', { name: 'Cancel order' });
    order = {
      ...order,
      status: 'processing',
      timeline: [...order.timeline, { status: 'processing', note: null, at: '2026-03-02T09:00:00.000Z' }],
    };
    await act(() => client.invalidateQueries({ queryKey: ['orders'] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
    expect(screen.getAllByText('Being prepared').length).toBeGreaterThan(0);
  });

  it('says plainly when the order is not the customer’s', async () => {
    renderOrders('/my-orders/9f9f9f9f-9f9f-4f9f-8f9f-9f9f9f9f9f9f');
    expect((await screen.findByRole('alert')).textContent).toBe('This order could not be found.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("keeps core's rules and labels: what may be cancelled, and the English words", () => {
    expect([...CANCELLABLE].sort()).toEqual(
      Object.entries(ORDER_TRANSITIONS)
        .filter(([, next]) => next.includes('cancelled'))
        .map(([status]) => status)
        .sort(),
    );
    expect(orderStrings.orders.status).toEqual(ORDER_STATUS_LABELS);
    expect(orderStrings.orders.taxClass).toEqual(TAX_CLASS_LABELS);
  });
});
