import type { Cart, CartLine, Order } from '@ecogrid/core/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@/lib/i18n.ts';
import { CheckoutPage } from './checkout-page.tsx';
import MyOrdersPage from './my-orders-page.tsx';
import OrderPage from './order-page.tsx';

export { fakeServer, type SeenRequest } from '@/test/fake-server.ts';
export { aWallet } from '@/test/wallet-fixtures.ts';

/**
 * Renders the order screens as the router mounts them, starting at `path`, with a fresh cache;
 * the client is returned to play the live updates' part.
 */
export function renderOrders(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage owner="u1" />} />
            <Route path="/my-orders" element={<MyOrdersPage />} />
            <Route path="/my-orders/:id" element={<OrderPage />} />
            <Route path="/cart" element={<p>Cart page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

export const ORDER_ID = '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';

export const aCartLine = (changes: Partial<CartLine> = {}): CartLine => ({
  id: '3f0c2a1e-7b6d-4c5e-9f8a-1b2c3d4e5f60',
  productId: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  quantity: 2,
  paymentMode: 'cash',
  product: {
    name: 'SunKing Pro 400 lantern',
    price: 85_000,
    imageUrl: null,
    stock: 12,
    active: true,
    loanEligible: false,
  },
  lineTotal: 170_000,
  problem: null,
  ...changes,
});

export const aCart = (lines: CartLine[]): Cart => ({
  lines,
  count: lines.reduce((sum, line) => sum + line.quantity, 0),
  cashTotal: lines.filter((l) => l.paymentMode === 'cash').reduce((sum, l) => sum + l.lineTotal, 0),
  loanTotal: lines.filter((l) => l.paymentMode === 'loan').reduce((sum, l) => sum + l.lineTotal, 0),
});

export const anOrder = (changes: Partial<Order> = {}): Order => ({
  id: ORDER_ID,
  number: 'ORD-100001',
  status: 'paid',
  total: 175_000,
  itemCount: 2,
  firstItem: 'SunKing Pro 400 lantern',
  createdAt: '2026-03-02T07:15:00.000Z',
  subtotal: 170_000,
  deliveryFee: 5_000,
  vat: 0,
  fulfilment: 'delivery',
  address: { district: 'Mukono', subCounty: 'Goma', village: 'Seeta', directions: 'Behind the church' },
  pickupPoint: null,
  paymentMethod: 'wallet',
  paymentId: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
  paymentStatus: 'successful',
  paymentReference: 'EG-7K2M9QXA',
  paymentPhone: null,
  paymentFailureReason: null,
  payBy: null,
  expectedOn: null,
  courier: null,
  payOnDelivery: null,
  soldBy: null,
  cancelReason: null,
  loan: null,
  paidAt: '2026-03-02T07:15:01.000Z',
  lines: [
    {
      productId: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
      name: 'SunKing Pro 400 lantern',
      sku: 'SK-PRO-400',
      imageUrl: null,
      unitPrice: 85_000,
      quantity: 2,
      lineTotal: 170_000,
      taxClass: 'exempt',
      vat: 0,
    },
  ],
  timeline: [
    { status: 'pending_payment', note: 'Order placed', at: '2026-03-02T07:15:00.000Z' },
    { status: 'paid', note: 'Paid from the wallet', at: '2026-03-02T07:15:01.000Z' },
  ],
  ...changes,
});

/** An agent's sale paid in cash to them, waiting for the cash until 9 March. */
export const aCashSale = (agent: NonNullable<Order['soldBy']>): Order =>
  anOrder({
    status: 'pending_payment',
    paymentMethod: 'cash',
    paymentId: null,
    paymentStatus: null,
    paymentReference: null,
    paidAt: null,
    payBy: '2026-03-09T07:15:00.000Z',
    soldBy: agent,
  });
