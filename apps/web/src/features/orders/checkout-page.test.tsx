// @vitest-environment jsdom
import type { CartLine, DeliveryFeeRule, Order, PickupPoint } from '@ecogrid/core/orders';
import type { Wallet } from '@ecogrid/core/wallet.responses';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '@/test/fake-server.ts';
import { aCart, aCartLine, anOrder, aWallet, fakeServer, ORDER_ID, renderOrders } from './test-setup.tsx';

const PICKUP: PickupPoint & { readyNow: boolean } = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'EcoGrid Mukono shop',
  district: 'Mukono',
  address: 'Plot 12, Kampala-Jinja Road',
  phone: '+256414123456',
  readyNow: true,
};
const FAR_PICKUP = {
  ...PICKUP,
  id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
  name: 'EcoGrid Gulu shop',
  district: 'Gulu',
  readyNow: false,
};
const PLACES: Record<string, { id: string; name: string }[]> = {
  '/api/places/districts': [
    { id: '1', name: 'Gulu' },
    { id: '2', name: 'Mukono' },
  ],
  '/api/places/districts/1/sub-counties': [{ id: '11', name: 'Bardege' }],
  '/api/places/districts/2/sub-counties': [
    { id: '21', name: 'Goma' },
    { id: '22', name: 'Nakisunga' },
  ],
  '/api/places/sub-counties/21/villages': [
    { id: '211', name: 'Seeta' },
    { id: '212', name: 'Namilyango' },
  ],
};

let lines: CartLine[];
let rule: DeliveryFeeRule;
let wallet: Wallet;
let order: Order;
let placeReplies: Reply[];
const server = fakeServer(({ url, method }) => {
  if (url === '/api/cart') return { body: aCart(lines) };
  if (url === '/api/checkout/options') return { body: { deliveryFee: rule, pickupPoints: [PICKUP, FAR_PICKUP] } };
  if (url === '/api/wallet') return { body: wallet };
  if (PLACES[url]) return { body: { items: PLACES[url] } };
  if (url === '/api/orders' && method === 'POST') return placeReplies.shift() ?? { status: 500, body: {} };
  if (url === `/api/orders/${ORDER_ID}`) return { body: order };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  lines = [aCartLine(), aCartLine({ id: 'l2', paymentMode: 'loan', lineTotal: 1_450_000 })];
  rule = { flatFee: 5_000, freeFrom: 300_000 };
  wallet = aWallet();
  order = anOrder();
  placeReplies = [{ status: 201, body: { order, payment: null } }];
  localStorage.clear();
  server.start();
});

const posts = () => server.seen.filter((r) => r.method === 'POST');
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionNames = (label: string) => [...select(label).options].map((o) => o.text);

async function chooseAddress() {
  await waitFor(() => expect(optionNames('District')).toContain('Mukono'));
  fireEvent.change(select('District'), { target: { value: '2' } });
  await waitFor(() => expect(optionNames('Sub-county')).toContain('Goma'));
  fireEvent.change(select('Sub-county'), { target: { value: '21' } });
  await waitFor(() => expect(optionNames('Village')).toContain('Seeta'));
  fireEvent.change(select('Village'), { target: { value: '211' } });
}

describe('checkout', () => {
  it('loads sub-counties for the district and villages for the sub-county, starting again when the district changes', async () => {
    renderOrders('/checkout');
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeTruthy();
    expect(select('Sub-county').disabled).toBe(true);
    expect(optionNames('Sub-county')).toEqual(['Choose the district first']);
    expect(optionNames('Village')).toEqual(['Choose the sub-county first']);
    await waitFor(() => expect(optionNames('District')).toEqual(['Choose…', 'Gulu', 'Mukono']));

    fireEvent.change(select('District'), { target: { value: '2' } });
    expect(optionNames('Sub-county')).toEqual(['Loading the list…']);
    await waitFor(() => expect(optionNames('Sub-county')).toEqual(['Choose…', 'Goma', 'Nakisunga']));
    fireEvent.change(select('Sub-county'), { target: { value: '21' } });
    await waitFor(() => expect(optionNames('Village')).toEqual(['Choose…', 'Seeta', 'Namilyango']));
    fireEvent.change(select('Village'), { target: { value: '212' } });
    expect(select('Village').value).toBe('212');

    fireEvent.change(select('District'), { target: { value: '1' } });
    expect(select('Sub-county').value).toBe('');
    expect(optionNames('Village')).toEqual(['Choose the sub-county first']);
    await waitFor(() => expect(optionNames('Sub-county')).toEqual(['Choose…', 'Bardege']));
  });

  it('refuses a missing village with the schema’s words, focused, without asking the server', async () => {
    renderOrders('/checkout');
    await waitFor(() => expect(optionNames('District')).toContain('Mukono'));
    fireEvent.change(select('District'), { target: { value: '2' } });
    await waitFor(() => expect(optionNames('Sub-county')).toContain('Goma'));
    fireEvent.change(select('Sub-county'), { target: { value: '21' } });
    await waitFor(() => expect(optionNames('Village')).toContain('Seeta'));
    fireEvent.click(screen.getByRole('button', { name: /^Place order/ }));
    const village = select('Village');
    expect(village.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(village.getAttribute('aria-describedby')!)?.textContent).toBe('Choose the village');
    expect(document.activeElement).toBe(village);
    expect(posts()).toEqual([]);
  });

  it('charges the delivery fee by the rule: flat below the threshold, free from it, free for pickup', async () => {
    renderOrders('/checkout');
    const fee = await screen.findByTestId('delivery-fee');
    expect(fee.textContent).toBe('UGX 5,000');
    expect(screen.getByTestId('checkout-total').textContent).toBe('UGX 175,000');
    expect(screen.getByText('Delivery is free from UGX 300,000: add UGX 130,000 more to get it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place order · UGX 175,000' })).toBeTruthy();
    // The credit line is not part of this checkout.
    expect(screen.getByText('2 × SunKing Pro 400 lantern')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText('Pick up at a shop'));
    expect(screen.getByTestId('delivery-fee').textContent).toBe('Free');
    expect(screen.getByTestId('checkout-total').textContent).toBe('UGX 170,000');
  });

  it('delivers free once the items reach the threshold', async () => {
    lines = [aCartLine({ quantity: 4, lineTotal: 340_000 })];
    renderOrders('/checkout');
    expect((await screen.findByTestId('delivery-fee')).textContent).toBe('Free');
    expect(screen.getByTestId('checkout-total').textContent).toBe('UGX 340,000');
    expect(screen.queryByText(/Delivery is free from/)).toBeNull();
  });

  it('says when the wallet is short, with the way to top up, and will not place the order from it', async () => {
    wallet = aWallet({ balance: 100_000 });
    renderOrders('/checkout');
    // Short of money, mobile money is offered first.
    const mobile = (await screen.findByLabelText(/^Mobile money/)) as HTMLInputElement;
    await waitFor(() => expect(mobile.checked).toBe(true));
    fireEvent.click(screen.getByLabelText(/^My EcoGrid wallet/));
    const warning = screen.getByText(
      'Your wallet has UGX 100,000, and this order costs UGX 175,000. Top up your wallet, or pay by mobile money.',
    );
    expect(within(warning.parentElement!).getByRole('link', { name: 'Top up your wallet' }).getAttribute('href')).toBe(
      '/customer/wallet',
    );
    const place = screen.getByRole('button', { name: /^Place order/ }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    expect(place.getAttribute('aria-describedby')).toBe(warning.parentElement!.id);
    expect(screen.getByText('Balance: UGX 100,000')).toBeTruthy();
  });

  it('pays from the wallet and opens the order, sending the address by name with an idempotency key', async () => {
    renderOrders('/checkout');
    await chooseAddress();
    fireEvent.change(screen.getByLabelText('Directions for the rider (optional)'), {
      target: { value: ' Behind the church ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 175,000' }));

    expect(await screen.findByRole('heading', { name: 'Order ORD-100001' })).toBeTruthy();
    const thanks = await screen.findByText(/^Thank you! Your order is placed and paid/);
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    const [post] = posts();
    expect(post?.body).toEqual({
      fulfilment: 'delivery',
      address: { district: 'Mukono', subCounty: 'Goma', village: 'Seeta', directions: 'Behind the church' },
      payment: { method: 'wallet' },
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('starts the next checkout from the address the last one delivered to', async () => {
    renderOrders('/checkout');
    await chooseAddress();
    fireEvent.change(screen.getByLabelText('Directions for the rider (optional)'), {
      target: { value: 'Behind the church' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 175,000' }));
    expect(await screen.findByRole('heading', { name: 'Order ORD-100001' })).toBeTruthy();
    cleanup();

    renderOrders('/checkout');
    await waitFor(() => expect(select('Village').value).toBe('211'));
    expect(select('District').value).toBe('2');
    expect(select('Sub-county').value).toBe('21');
    expect((screen.getByLabelText('Directions for the rider (optional)') as HTMLInputElement).value).toBe(
      'Behind the church',
    );
  });

  it('tries a lost answer again with the same key, and shows a refusal as the server words it', async () => {
    placeReplies = [
      'offline',
      {
        status: 409,
        body: { error: { code: 'out_of_stock', message: 'Only 1 of SunKing Pro 400 lantern left in stock.' } },
      },
    ];
    renderOrders('/checkout');
    fireEvent.click(await screen.findByLabelText('Pick up at a shop'));
    // Which shops have the cart's units now, and which get them by a transfer first.
    expect(screen.getByLabelText(/^EcoGrid Mukono shop/).closest('label')?.textContent).toContain(
      'Ready now: this shop has your items',
    );
    expect(screen.getByLabelText(/^EcoGrid Gulu shop/).closest('label')?.textContent).toContain(
      'Your items come to this shop first: a few days',
    );
    fireEvent.click(screen.getByLabelText(/^EcoGrid Mukono shop/));
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 170,000' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 1 of SunKing Pro 400 lantern left in stock.');
    const [first, second] = posts();
    expect(first?.body).toEqual({ fulfilment: 'pickup', pickupPointId: PICKUP.id, payment: { method: 'wallet' } });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);

    // A refusal is an answer: the next attempt is a new one, with a new key.
    placeReplies = [{ status: 201, body: { order, payment: null } }];
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 170,000' }));
    await screen.findByRole('heading', { name: 'Order ORD-100001' });
    expect(posts()[2]?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('pays by mobile money: waits for approval on the phone, then shows the order paid', async () => {
    order = anOrder({ status: 'pending_payment', paymentMethod: 'mtn', paymentStatus: 'pending', paidAt: null });
    placeReplies = [{ status: 201, body: { order, payment: null } }];
    const client = renderOrders('/checkout');
    await chooseAddress();
    fireEvent.click(screen.getByLabelText(/^Mobile money/));
    expect((screen.getByLabelText('Pay from this number') as HTMLInputElement).value).toBe('0772 123456');
    expect((screen.getByLabelText('MTN Mobile Money') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 175,000' }));

    const waiting = await screen.findByRole('heading', { name: 'Approve the payment on your phone' });
    await waitFor(() => expect(document.activeElement).toBe(waiting));
    expect(screen.getByRole('progressbar', { name: 'Waiting for approval' })).toBeTruthy();
    expect(screen.getByText(/Dial \*165#/)).toBeTruthy();
    expect(posts()[0]?.body).toMatchObject({
      payment: { method: 'mobile_money', phone: '+256772123456', network: 'mtn' },
    });

    // The network approves; the live 'order' event refetches every 'orders' query.
    order = { ...order, status: 'paid', paymentStatus: 'successful', paidAt: '2026-03-02T07:16:00.000Z' };
    await act(() => client.invalidateQueries({ queryKey: ['orders'] }));
    const paid = await screen.findByRole('heading', { name: 'Payment received: your order is placed' });
    await waitFor(() => expect(document.activeElement).toBe(paid));
    expect(screen.getByRole('link', { name: 'View order ORD-100001' }).getAttribute('href')).toBe(
      `/my-orders/${ORDER_ID}`,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('asks for the order every 5 seconds when no live update comes, and says when the payment failed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    order = anOrder({ status: 'pending_payment', paymentMethod: 'airtel', paymentStatus: 'pending', paidAt: null });
    placeReplies = [{ status: 201, body: { order, payment: null } }];
    wallet = aWallet({ balance: 0, phone: '+256701234567', network: 'airtel' });
    renderOrders('/checkout');
    fireEvent.click(await screen.findByLabelText('Pick up at a shop'));
    // Which shops have the cart's units now, and which get them by a transfer first.
    expect(screen.getByLabelText(/^EcoGrid Mukono shop/).closest('label')?.textContent).toContain(
      'Ready now: this shop has your items',
    );
    expect(screen.getByLabelText(/^EcoGrid Gulu shop/).closest('label')?.textContent).toContain(
      'Your items come to this shop first: a few days',
    );
    fireEvent.click(screen.getByLabelText(/^EcoGrid Mukono shop/));
    await waitFor(() => expect((screen.getByLabelText('Airtel Money') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 170,000' }));
    await screen.findByRole('heading', { name: 'Approve the payment on your phone' });
    expect(screen.getByText(/Dial \*185#/)).toBeTruthy();
    const polls = () => server.seen.filter((r) => r.url === `/api/orders/${ORDER_ID}`).length;

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(polls()).toBe(1));
    order = {
      ...order,
      status: 'cancelled',
      paymentStatus: 'failed',
      cancelReason: 'The payment failed: The payment was declined on the phone.',
    };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeTruthy();
    expect(screen.getByText('The payment failed: The payment was declined on the phone.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(polls()).toBe(2);
  });

  it('offers to pay again, on the spot, when the payment fails while the order is kept', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    order = anOrder({ status: 'pending_payment', paymentMethod: 'airtel', paymentStatus: 'pending', paidAt: null });
    placeReplies = [{ status: 201, body: { order, payment: null } }];
    wallet = aWallet({ balance: 0, phone: '+256701234567', network: 'airtel' });
    renderOrders('/checkout');
    fireEvent.click(await screen.findByLabelText('Pick up at a shop'));
    // Which shops have the cart's units now, and which get them by a transfer first.
    expect(screen.getByLabelText(/^EcoGrid Mukono shop/).closest('label')?.textContent).toContain(
      'Ready now: this shop has your items',
    );
    expect(screen.getByLabelText(/^EcoGrid Gulu shop/).closest('label')?.textContent).toContain(
      'Your items come to this shop first: a few days',
    );
    fireEvent.click(screen.getByLabelText(/^EcoGrid Mukono shop/));
    await waitFor(() => expect((screen.getByLabelText('Airtel Money') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 170,000' }));
    await screen.findByRole('heading', { name: 'Approve the payment on your phone' });
    order = {
      ...order,
      paymentStatus: 'failed',
      paymentPhone: '+256701234567',
      paymentFailureReason: 'APPROVAL_REJECTED',
      payBy: '2026-03-02T07:45:00.000Z',
    };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const failed = await screen.findByRole('heading', {
      name: 'Payment failed: the payment was declined on the phone.',
    });
    await waitFor(() => expect(document.activeElement).toBe(failed));
    expect(
      screen.getByRole('button', { name: /^Try again: UGX 175,000 from 0701 234567 \(Airtel Money\)/ }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The payment did not go through' })).toBeNull();
  });

  it('sends the customer back to the cart when a cash line has a problem', async () => {
    lines = [aCartLine({ problem: 'This product is no longer sold.' })];
    renderOrders('/checkout');
    expect(
      await screen.findByText('Some items in your cart cannot be bought as they are. Fix them in the cart first.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('button', { name: /^Place order/ })).toBeNull();
  });
});
