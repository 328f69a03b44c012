// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import { sessionQuery, type Session } from './api.ts';
import MyAccountPage from './my-account-page.tsx';

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const profile = {
  id: 'u1',
  fullName: 'Sarah Nakato',
  email: 'sarah@example.ug',
  emailVerified: true,
  phoneNumber: null,
  phoneVerified: false,
  district: 'Mukono',
  subCounty: null,
  village: null,
  preferredLanguage: 'english',
  userType: 'admin',
  kycStatus: 'verified',
  kycCompletionPercentage: 100,
  notifyBySms: true,
  notifyByEmail: true,
  twoFactorEnabled: false,
  totpEnabled: false,
};

describe('My account', () => {
  it('switches the whole app to the language saved with the profile', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') saved.push(JSON.parse(String(init.body)));
        const body = url === '/api/me' ? { ...profile, ...(saved.at(-1) as object) } : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const session: Session = {
      user: {
        id: 'u1',
        name: 'Sarah Nakato',
        email: 'sarah@example.ug',
        userType: 'admin',
        preferredLanguage: 'english',
      },
      sessionId: 's1',
    };
    client.setQueryData(sessionQuery.queryKey, session);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <MyAccountPage />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'luganda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('lg'));
    expect(saved).toEqual([expect.objectContaining({ preferredLanguage: 'luganda' })]);
    expect(await screen.findByRole('combobox', { name: 'Olulimi' })).toHaveProperty('value', 'luganda');
    expect(client.getQueryData<Session>(sessionQuery.queryKey)?.user.preferredLanguage).toBe('luganda');
  });
});
