import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '@/lib/i18n.ts';
import LoanPage from './loan-page.tsx';
import LoansPage from './loans-page.tsx';

export { fakeServer, type SeenRequest } from '@/test/fake-server.ts';
export * from '@/test/loan-fixtures.ts';
export { aWallet } from '@/test/wallet-fixtures.ts';

/** Where a link or a navigation went, with its query string. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page at {location.pathname}
      {location.search}
    </p>
  );
}

/**
 * Renders the loan screens as the router mounts them, and `routes` beside them (the pages in
 * app/ that compose loans with other features), at `path` with a fresh cache; the client is
 * returned to play the live updates' part.
 */
export function renderLoans(path: string, routes: { path: string; page: ReactNode }[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.page} />
            ))}
            <Route path="/customer/loan" element={<LoansPage />} />
            <Route path="/customer/loan/:id" element={<LoanPage />} />
            <Route path="/kyc" element={<Landed name="Identity check" />} />
            <Route path="/marketplace" element={<Landed name="Marketplace" />} />
            <Route path="/my-orders/:id" element={<Landed name="Order" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}
