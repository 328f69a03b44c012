import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { addEnglish, i18n, initI18n } from '@/lib/i18n.ts';
import paymentStrings from '@/locales/en.payments.json';
import type { Payment, Wallet } from './api.ts';
import WalletPage from './wallet-page.tsx';

/** A request the page made, as the fake server saw it. */
export type SeenRequest = { url: string; method: string; body: unknown; idempotencyKey: string | null };

/** An answer, or 'offline' for a request that never reaches the server. */
type Reply = { status?: number; body: unknown } | 'offline';

/** Answers fetch calls from `route(request)`, and records every request. */
export function fakeServer(route: (request: SeenRequest) => Reply) {
  const seen: SeenRequest[] = [];
  beforeAll(async () => {
    // The app fetches these with the payment pages (app/routes.tsx).
    addEnglish(paymentStrings);
    await initI18n();
  });
  afterEach(() => {
    cleanup();
    seen.length = 0;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const start = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        const request = {
          url: String(input),
          method: init.method ?? 'GET',
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
          idempotencyKey: headers.get('Idempotency-Key'),
        };
        seen.push(request);
        const reply = route(request);
        if (reply === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  return { seen, start };
}

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

export const aWallet = (changes: Partial<Wallet> = {}): Wallet => ({
  balance: 1_250_000,
  phone: '+256772123456',
  network: 'mtn',
  pending: [],
  withdrawalCheck: { sms: true, authenticator: false },
  sandbox: false,
  ...changes,
});

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
