import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '@/lib/i18n.ts';
import type { Payment } from './api.ts';
import WalletPage from './wallet-page.tsx';

export { fakeServer, type SeenRequest } from '@/test/fake-server.ts';
export { aWallet } from '@/test/wallet-fixtures.ts';

/** Renders /customer/wallet with a fresh cache; the client is returned to play the live updates' part. */
export function renderWallet() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retryDelay: 0 } },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/customer/wallet']}>
          <WalletPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

export const aPayment = (changes: Partial<Payment> = {}): Payment => ({
  id: 'a3c1e0b2-5d4f-4e6a-8b7c-9d0e1f2a3b4c',
  reference: 'EG-7K2M9QXA',
  purpose: 'wallet_topup',
  status: 'pending',
  method: 'mtn',
  amount: 10_000,
  phone: '+256772123456',
  failureReason: null,
  failureMessage: null,
  orderId: null,
  createdAt: '2026-03-02T07:15:00.000Z',
  updatedAt: '2026-03-02T07:15:00.000Z',
  settledAt: null,
  expiresAt: '2026-03-02T07:20:00.000Z',
  ...changes,
});

export const emptyStatement = { items: [], nextCursor: null };
