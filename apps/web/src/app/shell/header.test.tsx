// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionQuery, type Session, type SessionUser } from '@/features/auth/api.ts';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { Header } from './header.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

function renderHeader(user: SessionUser | null) {
  const client = new QueryClient();
  const session: Session = user ? { user, sessionId: 's1' } : null;
  client.setQueryData(sessionQuery.queryKey, session);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/marketplace']}>
          <Header />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const user = (userType: SessionUser['userType']): SessionUser => ({
  id: 'u1',
  name: 'Sarah Nakato',
  email: 'sarah@example.ug',
  userType,
  twoFactorEnabled: true,
});

describe('the header', () => {
  it('offers signed-in admins the admin tools', () => {
    renderHeader(user('admin'));
    const links = [
      ...screen.getAllByRole('link', { name: 'Admin' }),
      ...screen.getAllByRole('link', { name: 'Admin tools' }),
    ];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/system-audit', '/system-audit']);
  });

  it.each([['customer' as const], ['agent' as const]])('shows no admin link when the role is %s', (userType) => {
    renderHeader(user(userType));
    expect(screen.queryByRole('link', { name: /admin/i })).toBeNull();
  });

  it('shows no admin link to a visitor', () => {
    renderHeader(null);
    expect(screen.queryByRole('link', { name: /admin/i })).toBeNull();
  });
});
