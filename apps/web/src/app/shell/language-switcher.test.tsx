// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountLanguage } from '@/features/auth/account-language.ts';
import { sessionQuery, type Session } from '@/features/auth/api.ts';
import { changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Sent = { method: string; url: string; body: unknown };

/** The server: GET /api/auth/get-session answers `account`'s session; PATCH /api/me saves. */
function stubServer(state: { account: string; reachable: boolean }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!state.reachable) throw new TypeError('Failed to fetch');
      const body = init?.body ? (JSON.parse(String(init.body)) as { preferredLanguage: string }) : undefined;
      sent.push({ method: init?.method ?? 'GET', url, body });
      if (body) state.account = body.preferredLanguage;
      const answer =
        url === '/api/me'
          ? { preferredLanguage: state.account }
          : { user: { ...sarah, preferredLanguage: state.account }, session: { id: 's1' } };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const sarah = { id: 'u1', name: 'Sarah Nakato', email: 'sarah@example.ug', userType: 'customer' as const };

function Shell() {
  useAccountLanguage();
  return <LanguageSwitcher />;
}

function renderShell(session: Session) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQuery.queryKey, session);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Shell />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

const choose = (language: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: language } });
const shown = () => document.documentElement.lang;

describe('the language switch', () => {
  it('saves the choice to the signed-in account as the screen changes', async () => {
    const sent = stubServer({ account: 'english', reachable: true });
    renderShell({ user: { ...sarah, preferredLanguage: 'english' }, sessionId: 's1' });
    choose('lg');
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'PATCH', url: '/api/me', body: { preferredLanguage: 'luganda' } }]),
    );
    expect(shown()).toBe('lg');
    expect(screen.getByRole('combobox', { name: 'Olulimi' })).toBeTruthy();
  });

  it('keeps a signed-out choice on this phone only', async () => {
    const sent = stubServer({ account: 'english', reachable: true });
    renderShell(null);
    choose('sw');
    await waitFor(() => expect(shown()).toBe('sw'));
    expect(sent).toEqual([]);
    expect(localStorage.getItem('ecogrid-language')).toBe('sw');
  });

  it("shows the account's language when a signed-in session arrives", async () => {
    stubServer({ account: 'swahili', reachable: true });
    renderShell({ user: { ...sarah, preferredLanguage: 'swahili' }, sessionId: 's1' });
    await waitFor(() => expect(shown()).toBe('sw'));
    expect(screen.getByRole('combobox', { name: 'Lugha' })).toBeTruthy();
  });

  it('changes the screen offline and saves the choice once the server answers again', async () => {
    const server = { account: 'english', reachable: false };
    const sent = stubServer(server);
    const client = renderShell({ user: { ...sarah, preferredLanguage: 'english' }, sessionId: 's1' });
    choose('lg');
    await waitFor(() => expect(shown()).toBe('lg'));
    await waitFor(() => expect(localStorage.getItem('ecogrid.unsaved-language')).toContain('luganda'));
    server.reachable = true;
    // Back online the session is asked again; it still says English, which must not win.
    await act(() => client.refetchQueries({ queryKey: sessionQuery.queryKey }));
    await waitFor(() => expect(server.account).toBe('luganda'));
    expect(sent.filter((s) => s.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/me', body: { preferredLanguage: 'luganda' } },
    ]);
    expect(shown()).toBe('lg');
    expect(localStorage.getItem('ecogrid.unsaved-language')).toBeNull();
  });
});
