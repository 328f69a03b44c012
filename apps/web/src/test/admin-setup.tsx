import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminPayment } from '@/features/payments/api.ts';
import { i18n } from '@/lib/i18n.ts';
import { fakeServer as sharedFakeServer, type SeenRequest } from '@/test/fake-server.ts';

/** jsdom has no modal dialogs: showModal and close only toggle `open`. */
function dialogsToggleOpen() {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
}

/** The shared fake server (test/fake-server.ts), with dialogs that open in jsdom. */
export const fakeServer = (route: Parameters<typeof sharedFakeServer>[0]) =>
  sharedFakeServer(route, { setup: dialogsToggleOpen });
export type { SeenRequest };

/** The error read out with a refused field: the text its aria-describedby points at first; undefined when it is not refused. */
export function errorOf(field: Element): string | null | undefined {
  if (field.getAttribute('aria-invalid') !== 'true') return undefined;
  const [first] = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return document.getElementById(first!)?.textContent;
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
