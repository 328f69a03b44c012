import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { addEnglish, initI18n } from '@/lib/i18n.ts';
import adminStrings from '@/locales/en.admin.json';
import adminLoanStrings from '@/locales/en.admin-loans.json';
import catalogueStrings from '@/locales/en.catalogue.json';
import cartStrings from '@/locales/en.cart.json';
import orderStrings from '@/locales/en.orders.json';
import paymentStrings from '@/locales/en.payments.json';
import placeStrings from '@/locales/en.places.json';
import kycStrings from '@/locales/en.kyc.json';
import loanStrings from '@/locales/en.loans.json';
import reportStrings from '@/locales/en.reports.json';
import reviewStrings from '@/locales/en.reviews.json';

/** A JSON body as its value; any other text (a CSV file) as it is. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A request a page made, as the fake server saw it. */
export type SeenRequest = { url: string; method: string; body: unknown; idempotencyKey?: string | undefined };

/** An answer, or 'offline' for a request that never reaches the server. */
export type Reply = { status?: number; body: unknown } | 'offline';

/**
 * For page tests: answers fetch calls from `route(request)` once `start()` is called, records
 * every request, and loads the English catalogue (with the strings the payment, cart and order pages fetch).
 */
export function fakeServer(route: (request: SeenRequest) => Reply, options: { setup?: () => void } = {}) {
  const seen: SeenRequest[] = [];
  beforeAll(async () => {
    for (const strings of [
      adminStrings,
      adminLoanStrings,
      paymentStrings,
      cartStrings,
      reviewStrings,
      orderStrings,
      placeStrings,
      kycStrings,
      loanStrings,
      reportStrings,
    ]) {
      addEnglish(strings);
    }
    addEnglish(catalogueStrings);
    await initI18n();
    options.setup?.();
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
        const request = {
          url: String(input),
          method: init.method ?? 'GET',
          body: typeof init.body === 'string' ? parsed(init.body) : undefined,
          idempotencyKey: new Headers(init.headers).get('Idempotency-Key') ?? undefined,
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
