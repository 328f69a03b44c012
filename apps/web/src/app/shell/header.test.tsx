// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Cart } from '@ecogrid/core/orders';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionQuery, type Session, type SessionUser } from '@/features/auth/api.ts';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { Header } from './header.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader(user: SessionUser | null, cart?: Cart) {
  const client = new QueryClient();
  const session: Session = user ? { user, sessionId: 's1' } : null;
  client.setQueryData(sessionQuery.queryKey, session);
  if (cart) client.setQueryData(['cart'], cart);
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
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin', '/admin']);
  });

  it.each([['customer' as const], ['agent' as const]])('shows no admin link when the role is %s', (userType) => {
    renderHeader(user(userType));
    expect(screen.queryByRole('link', { name: /admin/i })).toBeNull();
  });

  it('leads a signed-in customer to their account, orders, loans and wallet', () => {
    renderHeader(user('customer'));
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(
      Object.fromEntries(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])),
    ).toEqual({
      Marketplace: '/marketplace',
      Support: '/support',
      'My account': '/my-account',
      'My orders': '/my-orders',
      'My loans': '/customer/loan',
      Wallet: '/customer/wallet',
    });
  });

  it("leads an agent to the agent's home as well", () => {
    renderHeader(user('agent'));
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Agent home' }).getAttribute('href')).toBe('/agent-dashboard');
  });

  it('offers a visitor only the marketplace and support', () => {
    renderHeader(null);
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Marketplace', 'Support']);
  });

  it('shows no admin link to a visitor', () => {
    renderHeader(null);
    expect(screen.queryByRole('link', { name: /admin/i })).toBeNull();
  });
});

const aCart = (count: number): Cart => ({ lines: [], count, cashTotal: 0, loanTotal: 0 });

describe("the header's cart badge", () => {
  it('links to the cart with the number of items, said in words to screen readers', () => {
    renderHeader(user('customer'), aCart(3));
    const link = screen.getByRole('link', { name: 'Cart: 3 items' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByTestId('cart-count').getAttribute('aria-hidden')).toBe('true');
  });

  it('says one item in the singular, and caps a long count at 99+', () => {
    renderHeader(user('customer'), aCart(1));
    expect(screen.getByRole('link', { name: 'Cart: 1 item' })).toBeTruthy();
    cleanup();
    renderHeader(user('customer'), aCart(120));
    expect(screen.getByTestId('cart-count').textContent).toBe('99+');
  });

  it('is hidden while the cart is empty', () => {
    renderHeader(user('customer'), aCart(0));
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });

  it('is hidden, and the cart never asked for, when nobody is signed in', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderHeader(null);
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
