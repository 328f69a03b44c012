import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';

/** A request the page made, as the fake server saw it. */
export type SeenRequest = { url: string; method: string; body: unknown };

type Reply = { status?: number; body: unknown };

/**
 * Answers fetch calls from `route(url, method, body)`, and records every request. jsdom has
 * no modal dialogs, so showModal and close only toggle `open`.
 */
export function fakeServer(route: (request: SeenRequest) => Reply) {
  const seen: SeenRequest[] = [];
  beforeAll(async () => {
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
        const request = { url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
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

/** Renders one admin page at `path`, with a fresh query cache and the English catalogue. */
export function renderPage(Page: ComponentType, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
