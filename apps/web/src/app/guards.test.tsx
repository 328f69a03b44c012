// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery, signedInUserCopy } from '@/features/auth/api.ts';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { RequireAuth } from './guards.tsx';
import { onSignedOutAnswer, setUpOfflineSession } from './offline-session.ts';

const USER = { id: 'u1', name: 'Nakato Sarah', email: null, userType: 'customer' as const, twoFactorEnabled: false };
const WALLET_KEY = ['payments', 'wallet'];

/** What GET /api/auth/get-session does now: answer with the session, 401, or never reach the server. */
let sessionAnswer: 'signed-in' | 401 | 429 | 'offline';
let stopOffline: (() => void) | null = null;

function renderGuarded(client: QueryClient) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/customer/wallet']}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/customer/wallet" element={<p>Wallet page</p>} />
            </Route>
            <Route path="/auth" element={<p>Sign-in page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function newClient() {
  const client: QueryClient = createQueryClient({ onUnauthenticated: () => onSignedOutAnswer(client) });
  stopOffline = setUpOfflineSession(client);
  return client;
}

beforeAll(async () => {
  await initI18n();
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (sessionAnswer === 'offline') throw new TypeError('Failed to fetch');
      if (sessionAnswer === 401) return new Response('null', { status: 401 });
      if (sessionAnswer === 429) {
        return Response.json({ message: 'Too many requests. Please try again later.' }, { status: 429 });
      }
      return Response.json({ user: USER, session: { id: 's1' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  stopOffline?.();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('a busy network', () => {
  it('never takes a refused session check (429) for being signed out', async () => {
    localStorage.setItem('ecogrid.signed-in-user', JSON.stringify(USER));
    sessionAnswer = 429;
    renderGuarded(newClient());
    expect(await screen.findByText('Wallet page')).toBeTruthy();
    expect(screen.queryByText('Sign-in page')).toBeNull();
    expect(localStorage.getItem('ecogrid.signed-in-user')).not.toBeNull();
  });
});

describe('a signed-in customer offline', () => {
  it('keeps a display copy of the user (no token) while the server says they are signed in', async () => {
    sessionAnswer = 'signed-in';
    renderGuarded(newClient());
    expect(await screen.findByText('Wallet page')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('ecogrid.signed-in-user')!)).toEqual(USER);
  });

  it('stays signed in when the app opens without a network, and the server decides once it is back', async () => {
    localStorage.setItem('ecogrid.signed-in-user', JSON.stringify(USER));
    sessionAnswer = 'offline';
    onlineManager.setOnline(false);
    const client = newClient();
    renderGuarded(client);
    expect(await screen.findByText('Wallet page')).toBeTruthy();
    expect(client.getQueryData(sessionQuery.queryKey)).toMatchObject({ user: USER, offline: true });

    sessionAnswer = 'signed-in';
    await act(async () => onlineManager.setOnline(true));
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)).toEqual({ user: USER, sessionId: 's1' }));
    expect(screen.getByText('Wallet page')).toBeTruthy();
  });

  it('signs out when the server, back online, says the session is over: copy and kept data go', async () => {
    localStorage.setItem('ecogrid.signed-in-user', JSON.stringify(USER));
    localStorage.setItem('ecogrid.offline-data', JSON.stringify({ userId: 'u1', savedAt: Date.now(), queries: [] }));
    sessionAnswer = 'offline';
    onlineManager.setOnline(false);
    const client = newClient();
    renderGuarded(client);
    expect(await screen.findByText('Wallet page')).toBeTruthy();

    sessionAnswer = 401;
    await act(async () => onlineManager.setOnline(true));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(signedInUserCopy()).toBeNull();
    expect(localStorage.getItem('ecogrid.offline-data')).toBeNull();
  });

  it('sends a visitor with no copy on the phone to sign in, offline too', async () => {
    sessionAnswer = 'offline';
    const client = newClient();
    client.setQueryDefaults(sessionQuery.queryKey, { retry: false });
    renderGuarded(client);
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
  });

  it("ends the session when any query is answered 401, and forgets the user's data in memory", async () => {
    sessionAnswer = 'signed-in';
    const client = newClient();
    renderGuarded(client);
    expect(await screen.findByText('Wallet page')).toBeTruthy();
    client.setQueryData(WALLET_KEY, { balance: 5_000 });
    const { ApiError } = await import('@/lib/api-client.ts');
    await act(() =>
      client
        .fetchQuery({
          queryKey: ['orders', 'mine'],
          queryFn: () => Promise.reject(new ApiError(401, 'not_authenticated', 'User not authenticated')),
          retry: false,
        })
        .catch(() => undefined),
    );
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(client.getQueryData(WALLET_KEY)).toBeUndefined();
    expect(signedInUserCopy()).toBeNull();
  });
});
