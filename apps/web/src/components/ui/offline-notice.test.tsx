// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { clearOfflineCache, keepOfflineCache, restoreOfflineCache } from '@/lib/offline-cache.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { failedForGood, LastUpdated, NotAvailableOffline, unavailableOffline } from './offline-notice.tsx';

type Wallet = { balance: number };
const FETCHED_AT = Date.parse('2026-11-25T11:03:00Z'); // 14:03 in Kampala
let answer: () => Promise<Wallet>;

/** A page as the wallet, orders and loan pages are built: kept data with its notice, or why there is none. */
function WalletBalance() {
  const query = useQuery({ queryKey: ['payments', 'wallet'], queryFn: () => answer(), refetchOnMount: true });
  return (
    <>
      <LastUpdated query={query} />
      {unavailableOffline(query) ? (
        <NotAvailableOffline />
      ) : query.isPending ? (
        <p>Loading…</p>
      ) : failedForGood(query) || query.data === undefined ? (
        <p>Failed</p>
      ) : (
        <p>Balance {query.data.balance}</p>
      )}
    </>
  );
}

const show = (client: QueryClient) =>
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <WalletBalance />
      </QueryClientProvider>
    </I18nextProvider>,
  );

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  localStorage.clear();
  answer = () => Promise.reject(new TypeError('Failed to fetch'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('data kept for offline use', () => {
  it('is kept for the signed-in user as it arrives, and comes back with the time it was fetched', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(FETCHED_AT);
    const online = createQueryClient();
    const stop = keepOfflineCache(online, () => 'u1');
    online.setQueryData(['payments', 'wallet'], { balance: 125_000 });
    online.setQueryData(['loans', 'one', 'l1'], { tokens: [{ token: '123 456 789' }] });
    online.setQueryData(['catalog', 'products'], { items: [] });
    // An agent's customer list asks to be kept, whatever its key.
    await online.fetchQuery({
      queryKey: ['kyc', 'agent-customers'],
      queryFn: () => ({ items: [{ name: 'Nakato Sarah' }] }),
      meta: { keepOffline: true },
    });
    await online.fetchQuery({ queryKey: ['kyc', 'mine'], queryFn: () => ({ status: 'pending' }) });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    stop();
    vi.useRealTimers();

    const later = createQueryClient();
    restoreOfflineCache(later, 'u1');
    expect(later.getQueryData(['payments', 'wallet'])).toEqual({ balance: 125_000 });
    expect(later.getQueryState(['payments', 'wallet'])?.dataUpdatedAt).toBe(FETCHED_AT);
    expect(later.getQueryData(['loans', 'one', 'l1'])).toEqual({ tokens: [{ token: '123 456 789' }] });
    // Shown at once, but asked again by a screen that opens with a network: a token may have come since.
    expect(later.getQueryState(['loans', 'one', 'l1'])?.isInvalidated).toBe(true);
    // Only the customer's own money, orders and loans: the public catalogue has its own cache.
    expect(later.getQueryData(['catalog', 'products'])).toBeUndefined();
    expect(later.getQueryData(['kyc', 'agent-customers'])).toEqual({ items: [{ name: 'Nakato Sarah' }] });
    expect(later.getQueryData(['kyc', 'mine'])).toBeUndefined();

    const someoneElse = createQueryClient();
    restoreOfflineCache(someoneElse, 'u2');
    expect(someoneElse.getQueryData(['payments', 'wallet'])).toBeUndefined();
    // Another user's data is not only hidden: it is gone from the phone.
    expect(localStorage.getItem('ecogrid.offline-data')).toBeNull();
  });

  it('is written at once when the page is left before the write was due', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const online = createQueryClient();
    const stop = keepOfflineCache(online, () => 'u1');
    online.setQueryData(['payments', 'wallet'], { balance: 125_000 });
    expect(localStorage.getItem('ecogrid.offline-data')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    stop();
    const later = createQueryClient();
    restoreOfflineCache(later, 'u1');
    expect(later.getQueryData(['payments', 'wallet'])).toEqual({ balance: 125_000 });
  });

  it('is shown offline with "Last updated … · offline" instead of Loading for ever', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    client.setQueryData(['payments', 'wallet'], { balance: 125_000 }, { updatedAt: FETCHED_AT });
    show(client);
    expect(screen.getByText('Balance 125000')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Last updated 25 Nov 2026, 14:03 · offline');
  });

  it('says plainly that nothing can be shown offline when nothing was kept', async () => {
    onlineManager.setOnline(false);
    show(createQueryClient());
    expect(await screen.findByText('This cannot be shown offline')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('keeps showing the data when the network fails online, and shows no notice once it is current', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    client.setQueryData(['payments', 'wallet'], { balance: 125_000 }, { updatedAt: FETCHED_AT });
    show(client);
    expect(await screen.findByText(/^Last updated 25 Nov 2026, 14:03/)).toBeTruthy();
    expect(screen.getByText('Balance 125000')).toBeTruthy();
    answer = () => Promise.resolve({ balance: 90_000 });
    await act(() => client.refetchQueries({ queryKey: ['payments', 'wallet'] }));
    expect(await screen.findByText('Balance 90000')).toBeTruthy();
    expect(screen.queryByText(/^Last updated/)).toBeNull();
  });

  it('is forgotten on sign-out', () => {
    localStorage.setItem('ecogrid.offline-data', JSON.stringify({ userId: 'u1', savedAt: Date.now(), queries: [] }));
    clearOfflineCache();
    expect(localStorage.getItem('ecogrid.offline-data')).toBeNull();
  });
});
