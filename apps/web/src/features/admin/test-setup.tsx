import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import type { AdminPayment } from './api.ts';
import { addEnglish, i18n, initI18n } from '@/lib/i18n.ts';
import paymentStrings from '@/locales/en.payments.json';

/** A request the page made, as the fake server saw it. */
export type SeenRequest = { url: string; method: string; body: unknown; idempotencyKey?: string | undefined };

type Reply = { status?: number; body: unknown };

/**
 * Answers fetch calls from `route(url, method, body)`, and records every request. jsdom has
 * no modal dialogs, so showModal and close only toggle `open`.
 */
export function fakeServer(route: (request: SeenRequest) => Reply) {
  const seen: SeenRequest[] = [];
  beforeAll(async () => {
    // The app fetches these with the payment pages (app/routes.tsx).
    addEnglish(paymentStrings);
    await initI18n();
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(() => {
    cleanup();
    seen.length = 0;
    vi.unstubAllGlobals();
  });
  const start = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? 'GET';
        const request = {
          url,
          method,
          body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
          idempotencyKey: new Headers(init.headers).get('Idempotency-Key') ?? undefined,
        };
        seen.push(request);
        const reply = route(request);
        return new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  return { seen, start };
}

/** Renders one admin page at `path` (matched to `pattern`, for pages that read URL parameters), with a fresh query cache and the English catalogue. */
export function renderPage(Page: ComponentType, path: string, pattern?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {pattern ? (
            <Routes>
              <Route path={pattern} element={<Page />} />
            </Routes>
          ) : (
            <Page />
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** A payment as the admin API answers it; each test changes what it is about. */
export const anAdminPayment = (changes: Partial<AdminPayment> = {}): AdminPayment => ({
  id: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  reference: 'EG-7K2M9QXA',
  purpose: 'wallet_topup',
  status: 'pending',
  method: 'mtn',
  amount: 250_000,
  phone: '+256772123456',
  failureReason: null,
  failureMessage: null,
  orderId: null,
  createdAt: '2026-03-02T07:15:00.000Z',
  updatedAt: '2026-03-02T07:15:00.000Z',
  settledAt: null,
  expiresAt: '2026-03-02T07:20:00.000Z',
  user: { id: 'u1', name: 'Nakato Sarah', email: 'sarah@example.ug', phone: '+256772123456' },
  ...changes,
});
