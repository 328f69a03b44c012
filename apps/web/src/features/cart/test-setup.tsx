import type { Cart, CartLine } from '@ecogrid/core/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '@/lib/i18n.ts';

export { fakeServer, type SeenRequest } from '@/test/fake-server.ts';

/** Renders `page` at `path` with a fresh cache; /checkout and /marketplace say where a link went. */
export function renderAt(page: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="/checkout" element={<p>Checkout page</p>} />
            <Route path="/cart" element={<p>Cart page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

export const aLine = (changes: Partial<CartLine> & { price?: number; name?: string } = {}): CartLine => {
  const { price = 85_000, name = 'SunKing Pro 400 lantern', ...rest } = changes;
  const quantity = rest.quantity ?? 1;
  return {
    id: '3f0c2a1e-7b6d-4c5e-9f8a-1b2c3d4e5f60',
    productId: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    quantity,
    paymentMode: 'cash',
    product: { name, price, imageUrl: null, stock: 12, active: true, loanEligible: false },
    lineTotal: price * quantity,
    problem: null,
    ...rest,
  };
};

/** A cart as the server answers it: the count and the totals follow from the lines. */
export const aCart = (lines: CartLine[]): Cart => ({
  lines,
  count: lines.reduce((sum, line) => sum + line.quantity, 0),
  cashTotal: lines.filter((l) => l.paymentMode === 'cash').reduce((sum, l) => sum + l.lineTotal, 0),
  loanTotal: lines.filter((l) => l.paymentMode === 'loan').reduce((sum, l) => sum + l.lineTotal, 0),
});
