// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import OrderPage from './order-page.tsx';
import type { AdminOrder, OrderStatus } from './api.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { aCashSale, anOrder as aCustomerOrder, ORDER_ID } from '../test-setup.tsx';

const ID = ORDER_ID;
const PATH = `/admin/orders/${ID}`;
const ADMIN_ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const grace = { id: ADMIN_ID, name: 'Grace Namutebi', role: 'admin' as const };

/** The customers' fixture order, paid by MTN Mobile Money, with its customer as admins see it. */
const anOrder = (changes: Partial<AdminOrder> = {}): AdminOrder => {
  const base = aCustomerOrder({ paymentMethod: 'mtn', paymentPhone: '+256772123456' });
  return {
    ...base,
    timeline: [base.timeline[0]!, { status: 'paid', note: 'Paid by MTN Mobile Money', at: base.paidAt! }],
    customer: { id: 'u1', name: 'Nakato Sarah', email: 'sarah@example.ug', phone: '+256772123456' },
    audit: [],
    ...changes,
  };
};

let order: AdminOrder;
let moveReply: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === `/api/admin/orders/${ID}` && method === 'GET') return { body: order };
  if (url === `/api/admin/orders/${ID}/status` && method === 'POST') {
    if (moveReply) return moveReply;
    const { status, note } = body as { status: OrderStatus; note?: string };
    order = {
      ...order,
      status,
      cancelReason: status === 'cancelled' ? (note ?? null) : null,
      timeline: [...order.timeline, { status, note: note ?? null, at: '2026-03-02T09:00:00.000Z' }],
      audit: [
        ...order.audit,
        {
          id: `audit-${order.audit.length + 1}`,
          action: status === 'cancelled' ? 'order.cancel' : 'order.status',
          actorId: ADMIN_ID,
          actor: grace,
          reason: note ?? null,
          details: { from: order.status, to: status },
          createdAt: '2026-03-02T09:00:00.000Z',
        },
      ],
    };
    return { body: order };
  }
  if (url === `/api/admin/orders/${ID}/delivery-plan` && method === 'PUT') {
    const plan = body as { expectedOn: string; courier: AdminOrder['courier'] };
    order = {
      ...order,
      expectedOn: plan.expectedOn,
      courier: plan.courier && { ...plan.courier, phone: '+256772123456' },
    };
    return { body: order };
  }
  if (url === '/api/admin/agents?status=approved&limit=100') {
    return {
      body: {
        items: [
          { id: 'a1', name: 'Okello Peter', districts: ['Mukono'], phone: '+256772000111', isActive: true },
          { id: 'a2', name: 'Suspended Sam', districts: [], phone: null, isActive: false },
        ],
        nextCursor: null,
      },
    };
  }
  if (url === `/api/admin/orders/${ID}/collector` && method === 'PUT') {
    order = { ...order, payOnDelivery: { collector: { name: 'Okello Peter', phone: '+256772000111' } } };
    return { body: order };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Order not found.' } } };
});

beforeEach(() => {
  order = anOrder();
  moveReply = null;
  server.start();
});

const moves = () =>
  within(screen.getByRole('heading', { name: 'Next step' }).closest('section')!)
    .queryAllByRole('button')
    .map((b) => b.textContent);
const posts = () => server.seen.filter((r) => r.method === 'POST');

describe('an order, for admins', () => {
  it('shows the customer, the items, the payment, the timeline and the audit trail', async () => {
    order = anOrder({
      audit: [
        {
          id: 'audit-1',
          action: 'order.status',
          actorId: ADMIN_ID,
          actor: grace,
          reason: 'Rider booked',
          details: { from: 'paid', to: 'processing' },
          createdAt: '2026-11-25T11:03:00.000Z',
        },
      ],
    });
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    expect(await screen.findByRole('heading', { name: 'ORD-100001', level: 1 })).toBeTruthy();
    const customer = screen.getByRole('heading', { name: 'Customer' }).closest('section')!;
    expect(customer.textContent).toContain('Nakato Sarah');
    expect(customer.textContent).toContain('sarah@example.ug');
    const summary = screen.getByRole('heading', { name: 'Order' }).closest('section')!;
    expect(summary.textContent).toContain('MTN Mobile Money');
    expect(summary.textContent).toContain('EG-7K2M9QXA');
    expect(summary.textContent).toContain('Seeta, Goma, Mukono');
    expect(screen.getByText('SK-PRO-400').closest('p')?.textContent).toBe('SK-PRO-400 · 2 × UGX 85,000 · VAT exempt');
    const timeline = within(screen.getByRole('heading', { name: 'What happened' }).closest('section')!);
    expect(timeline.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Order placed'),
      expect.stringContaining('Paid by MTN Mobile Money'),
    ]);
    // Who moved it, by name and role, from which status to which, in Kampala time: never an id.
    const audit = within(screen.getByRole('heading', { name: 'Audit trail' }).closest('section')!);
    const [entry] = audit.getAllByRole('listitem');
    expect(entry!.textContent).toContain('Status: Paid → Being prepared');
    expect(entry!.textContent).toContain('by Grace Namutebi (Admin)');
    expect(entry!.textContent).toContain('Nov 25, 2026, 2:03:00 PM');
    expect(entry!.textContent).toContain('Rider booked');
    expect(entry!.textContent).not.toContain(ADMIN_ID);
  });

  it('offers only the moves the order may make, never "paid"', async () => {
    order = anOrder({ status: 'pending_payment', paidAt: null, paymentStatus: 'pending' });
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    await screen.findByRole('heading', { name: 'Next step' });
    expect(moves()).toEqual(['Cancel order']);
  });

  it('names the agent a cash sale is paid to, and until when it waits for the cash', async () => {
    order = { ...anOrder(), ...aCashSale({ name: 'Okello James', phone: null }) };
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    expect(
      await screen.findByText(/^Pay UGX 175,000 in cash to Okello James by Mar 9, 2026, 10:15:00 AM\./),
    ).toBeTruthy();
    expect(screen.getByText('Cash to an agent')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Call Okello James' })).toBeNull();
  });

  it('links a credit order to its loan and offers no cancelling for it', async () => {
    order = anOrder({ loan: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', number: 'LN-000042', deposit: 50_000 } });
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    await screen.findByRole('heading', { name: 'Next step' });
    expect(moves()).toEqual(['Start preparing']);
    const loan = screen.getByRole('link', { name: 'Loan LN-000042' });
    expect(loan.getAttribute('href')).toBe('/admin/loans/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d');
  });

  it('delivers a credit order with the serial number of the device handed over', async () => {
    order = anOrder({
      status: 'shipped',
      loan: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', number: 'LN-000042', deposit: 50_000 },
    });
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as delivered' }));
    fireEvent.change(screen.getByLabelText('Serial number of the device handed over (optional)'), {
      target: { value: ' SHS4411223344 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, mark as delivered' }));
    await screen.findByRole('button', { name: 'Mark as completed' });
    expect(posts().map((r) => r.body)).toEqual([{ status: 'delivered', deviceSerial: 'SHS4411223344' }]);
  });

  it('asks for no device when delivering an order bought for cash', async () => {
    order = anOrder({ status: 'shipped' });
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as delivered' }));
    expect(screen.queryByLabelText('Serial number of the device handed over (optional)')).toBeNull();
  });

  it('moves the order on after confirmation, with an optional note', async () => {
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    await screen.findByRole('heading', { name: 'Next step' });
    expect(moves()).toEqual(['Start preparing', 'Cancel order']);
    fireEvent.click(screen.getByRole('button', { name: 'Start preparing' }));
    expect(document.activeElement?.textContent).toBe(
      'Change ORD-100001 to “Being prepared”? The customer is told at once.',
    );
    fireEvent.change(screen.getByLabelText('Note for the customer (optional)'), { target: { value: 'Packing today' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, start preparing' }));
    const done = await screen.findByText('ORD-100001 is now “Being prepared”.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(posts().map((r) => r.body)).toEqual([{ status: 'processing', note: 'Packing today' }]);
    await waitFor(() => expect(moves()).toEqual(['Mark as shipped']));
    expect(screen.getByRole('heading', { name: 'What happened' }).closest('section')!.textContent).toContain(
      'Packing today',
    );
  });

  it('will not cancel without a reason, then cancels with it', async () => {
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(
      screen.getByText(
        "Cancel ORD-100001? The UGX 175,000 paid goes back to the customer's wallet, its items go back on sale, and the customer is told.",
      ),
    ).toBeTruthy();
    const reason = screen.getByLabelText('Reason (the customer reads it)');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Say why the order is cancelled: the customer will see it.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(posts()).toEqual([]);

    fireEvent.change(reason, { target: { value: 'Customer asked by phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('ORD-100001 is now “Cancelled”.')).toBeTruthy();
    expect(posts().map((r) => r.body)).toEqual([{ status: 'cancelled', note: 'Customer asked by phone' }]);
    await waitFor(() =>
      expect(screen.getByText('This order is finished: nothing more can be done to it.')).toBeTruthy(),
    );
  });

  it('sets the delivery day and the rider, checking both rider fields, and says the customer was told', async () => {
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    const day = await screen.findByLabelText('Expected delivery day');
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    fireEvent.change(day, { target: { value: today } });
    fireEvent.change(screen.getByLabelText("Rider's name (optional)"), { target: { value: 'Okello John' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and tell the customer' }));
    expect(await screen.findByText("Give the rider's mobile number, such as 0772 123456.")).toBeTruthy();
    expect(server.seen.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText("Rider's phone (optional)"), { target: { value: '0772 123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and tell the customer' }));
    await waitFor(() =>
      expect(server.seen.find((r) => r.method === 'PUT')?.body).toEqual({
        expectedOn: today,
        courier: { name: 'Okello John', phone: '0772 123456' },
      }),
    );
    expect(await screen.findByText(/^Saved: expected on .+\. The customer has been told\.$/)).toBeTruthy();
  });

  it("shows the server's refusal of a move", async () => {
    moveReply = {
      status: 409,
      body: {
        error: { code: 'order_status_not_allowed', message: 'An order that is cancelled cannot become processing.' },
      },
    };
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    fireEvent.click(await screen.findByRole('button', { name: 'Start preparing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, start preparing' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An order that is cancelled cannot become processing.');
    expect(posts()).toHaveLength(1);
  });

  it('names the agent who brings an order paid on delivery, from the active agents', async () => {
    order = anOrder({
      status: 'pending_payment',
      paymentMethod: 'cash',
      paidAt: null,
      payBy: '2026-03-09T07:15:00.000Z',
      payOnDelivery: { collector: null },
    });
    renderPage(OrderPage, PATH, '/admin/orders/:id');
    const part = within(
      (await screen.findByRole('heading', { name: 'Who brings it and takes the money' })).closest('section')!,
    );
    expect(part.getByText(/nobody brings it yet: the customer has no agent/)).toBeTruthy();
    fireEvent.click(part.getByRole('button', { name: 'Give it to this agent' }));
    expect(part.getByText('Choose the agent who brings it.')).toBeTruthy();
    await waitFor(() =>
      expect(part.getAllByRole('option').map((o) => o.textContent)).toContain('Okello Peter · Mukono · +256772000111'),
    );
    expect(part.queryByRole('option', { name: /Suspended Sam/ })).toBeNull();
    fireEvent.change(part.getByLabelText('Agent'), { target: { value: 'a1' } });
    fireEvent.click(part.getByRole('button', { name: 'Give it to this agent' }));
    expect(await screen.findByText('Okello Peter brings it now. The agent and the customer are told.')).toBeTruthy();
    expect(server.seen.find((r) => r.method === 'PUT')?.body).toEqual({ agentId: 'a1' });
    expect(await screen.findByText(/Okello Peter brings it and takes the money/)).toBeTruthy();
  });
});
