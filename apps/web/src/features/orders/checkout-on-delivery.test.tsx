// @vitest-environment jsdom
import type { CartLine, Order, PickupPoint } from '@ecogrid/core/orders';
import type { CheckoutOptions } from '@ecogrid/core/orders.responses';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCart, aCartLine, anOrder, aWallet, fakeServer, ORDER_ID, renderOrders } from './test-setup.tsx';

const PICKUP: PickupPoint = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'EcoGrid Mukono shop',
  district: 'Mukono',
  address: 'Plot 12, Kampala-Jinja Road',
  phone: '+256414123456',
};

let lines: CartLine[];
let offer: CheckoutOptions['payOnDelivery'];
let order: Order;
const server = fakeServer(({ url, method }) => {
  if (url === '/api/cart') return { body: aCart(lines) };
  if (url === '/api/checkout/options') {
    return { body: { deliveryFee: { flatFee: 0, freeFrom: null }, pickupPoints: [PICKUP], payOnDelivery: offer } };
  }
  if (url === '/api/wallet') return { body: aWallet() };
  if (url === '/api/orders' && method === 'POST') return { status: 201, body: { order, payment: null } };
  if (url === `/api/orders/${ORDER_ID}`) return { body: order };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  lines = [aCartLine()];
  offer = { maxTotal: 3_000_000, days: 7, agent: { name: 'Grace Namata', phone: '+256772000111' }, waitingOrder: null };
  order = anOrder({
    status: 'pending_payment',
    fulfilment: 'pickup',
    address: null,
    pickupPoint: PICKUP,
    paymentMethod: 'cash',
    paymentId: null,
    paymentStatus: null,
    paymentReference: null,
    paidAt: null,
    payBy: '2026-03-09T07:15:00.000Z',
    payOnDelivery: { collector: { name: 'Grace Namata', phone: '+256772000111' } },
  });
  localStorage.clear();
  server.start();
});

async function choosePickup() {
  fireEvent.click(await screen.findByLabelText('Pick up at a shop'));
  fireEvent.click(screen.getByLabelText(/^EcoGrid Mukono shop/));
}

describe('paying on delivery or at pickup', () => {
  it('offers paying the customer’s agent at pickup, places the order without money, and says how to pay', async () => {
    renderOrders('/checkout');
    await choosePickup();
    const choice = await screen.findByRole('radio', { name: /Pay at pickup/ });
    expect(choice.closest('label')?.textContent).toContain('Cash or mobile money to Grace Namata, your agent');
    expect(choice.closest('label')?.textContent).toContain('kept for you for 7 days');
    fireEvent.click(choice);
    fireEvent.click(screen.getByRole('button', { name: 'Place order · pay UGX 170,000 on delivery' }));

    await waitFor(() => expect(server.seen.some((r) => r.method === 'POST')).toBe(true));
    const post = server.seen.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ fulfilment: 'pickup', pickupPointId: PICKUP.id, payment: { method: 'on_delivery' } });
    expect(await screen.findByText(/Your order is placed. Pay when you receive it/)).toBeTruthy();
    expect(screen.getByText('To pay at pickup')).toBeTruthy();
    expect(
      screen.getByText(/Pay UGX 175,000 in cash or by mobile money to Grace Namata when you receive it/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call Grace Namata' }).getAttribute('href')).toBe('tel:+256772000111');
  });

  it('names no agent when the customer has none, and holds the order back while another waits', async () => {
    offer = { ...offer, agent: null, waitingOrder: 'ORD-100007' };
    renderOrders('/checkout');
    const choice = await screen.findByRole('radio', { name: /Pay on delivery/ });
    expect(choice.closest('label')?.textContent).toContain('to the EcoGrid agent who brings it');
    fireEvent.click(choice);
    const place = screen.getByRole('button', { name: /pay UGX 170,000 on delivery/ }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    const why = screen.getByText(/Order ORD-100007 is still waiting to be paid on delivery/);
    expect(place.getAttribute('aria-describedby')).toBe(why.id);
  });

  it('refuses an order above the most paid on delivery', async () => {
    offer = { ...offer, maxTotal: 100_000 };
    renderOrders('/checkout');
    fireEvent.click(await screen.findByRole('radio', { name: /Pay on delivery/ }));
    expect(screen.getByText(/Paying on delivery is for orders up to UGX 100,000/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /on delivery/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
