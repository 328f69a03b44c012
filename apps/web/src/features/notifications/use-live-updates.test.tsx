// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './use-live-updates.ts';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

/** EventSource as the hook uses it, with events the test sends. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 1;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  close() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Listen() {
  useLiveUpdates(true, async () => true);
  return null;
}

describe('live updates', () => {
  it('refetches the catalogue on screen when an admin changes it, without a toast', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    client.setQueryData(['catalog', 'product', 'p1'], { price: 45_000 });
    client.setQueryData(['catalog', 'categories'], { items: [] });
    client.setQueryData(['wallet'], { balance: 0 });
    render(
      <QueryClientProvider client={client}>
        <Listen />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.last?.url).toBe('/api/events');
    FakeEventSource.last!.emit('catalog', { productId: 'p1' });
    expect(client.getQueryState(['catalog', 'product', 'p1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['catalog', 'categories'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wallet'])?.isInvalidated).toBe(false);
    expect(toasts).toEqual([]);
  });

  it("refetches the loan screens on a 'loan' event without a toast, and on a payment's", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    toasts.length = 0;
    const client = new QueryClient();
    const seed = () => {
      client.setQueryData(['loans', 'mine'], { loans: [] });
      client.setQueryData(['loans', 'one', 'l1'], { status: 'active' });
      client.setQueryData(['orders', 'mine'], { pages: [] });
    };
    seed();
    render(
      <QueryClientProvider client={client}>
        <Listen />
      </QueryClientProvider>,
    );
    FakeEventSource.last!.emit('loan', { id: 'l1', status: 'active' });
    expect(client.getQueryState(['loans', 'mine'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['loans', 'one', 'l1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['orders', 'mine'])?.isInvalidated).toBe(false);
    expect(toasts).toEqual([]);

    seed();
    FakeEventSource.last!.emit('payment', { status: 'successful', amount: 45_000 });
    expect(client.getQueryState(['loans', 'one', 'l1'])?.isInvalidated).toBe(true);
    expect(toasts).toEqual(['Payment Update']);
  });

  it('shows one toast for a payment: the spec’s Payment Update, not its notification as well', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    toasts.length = 0;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Listen />
      </QueryClientProvider>,
    );
    const stream = FakeEventSource.last!;
    stream.emit('notification', {
      type: 'payment_update',
      title: 'Payment received',
      message: 'UGX 50,000 was added to your EcoGrid wallet.',
      data: { purpose: 'wallet_topup', withEvent: 'payment' },
    });
    stream.emit('payment', { status: 'successful', amount: 50_000 });
    // News with no event of its own (an admin's notice, an agent's news of a customer's order) is toasted.
    stream.emit('notification', {
      type: 'order_update',
      title: 'Order update',
      message: 'Nambi Grace’s order ORD-100001 is on its way.',
      data: { customerId: 'c1' },
    });
    await Promise.resolve();
    expect(toasts).toEqual(['Payment Update', 'Order update']);
  });
});
