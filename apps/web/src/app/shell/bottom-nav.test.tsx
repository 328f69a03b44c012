// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionQuery, type Session, type SessionUser } from '@/features/auth/api.ts';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { BottomNav } from './bottom-nav.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

function renderAt(path: string, userType: SessionUser['userType'] = 'customer') {
  const client = new QueryClient();
  const user: SessionUser = {
    id: 'u1',
    name: 'Sarah Nakato',
    email: 'sarah@example.ug',
    userType,
    twoFactorEnabled: false,
  };
  const session: Session = { user, sessionId: 's1' };
  client.setQueryData(sessionQuery.queryKey, session);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <BottomNav />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Quick navigation' }));
}

const current = (nav: ReturnType<typeof renderAt>) =>
  nav
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the bottom bar on a phone', () => {
  it.each([
    ['/my-orders', 'Orders'],
    ['/my-orders/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'Orders'],
    ['/customer/loan', 'Loans'],
    ['/customer/loan/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'Loans'],
    ['/product/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'Shop'],
    ['/my-account', 'Account'],
  ])('marks the tab of %s as the current page', (path, tab) => {
    expect(current(renderAt(path))).toEqual([tab]);
  });

  it('leads to My account', () => {
    const nav = renderAt('/marketplace');
    expect(nav.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/my-account');
  });
});

const hrefs = (nav: ReturnType<typeof renderAt>) =>
  Object.fromEntries(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]));

describe("an agent's bottom bar", () => {
  it('leads to their dashboard, their customers, and their customers’ loans and orders', () => {
    expect(hrefs(renderAt('/marketplace', 'agent'))).toEqual({
      Home: '/agent-dashboard',
      'My customers': '/agent/customers',
      Loans: '/agent/loans',
      Orders: '/agent/orders',
      Support: '/support',
      Account: '/my-account',
    });
  });

  it.each([
    ['/agent-dashboard', 'Home'],
    ['/agent', 'Home'],
    ['/agent/visits', 'Home'],
    ['/agent/sync', 'Home'],
    ['/agent/customers', 'My customers'],
    ['/agent/customers/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'My customers'],
    ['/agent/customers/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/sell', 'My customers'],
    ['/agent/register', 'My customers'],
    ['/agent/loans', 'Loans'],
    ['/agent/orders', 'Orders'],
    ['/support', 'Support'],
    ['/my-account', 'Account'],
  ])('marks the tab of %s as the current page', (path, tab) => {
    expect(current(renderAt(path, 'agent'))).toEqual([tab]);
  });

  it('marks no tab on a page outside the bar, such as the marketplace', () => {
    expect(current(renderAt('/marketplace', 'agent'))).toEqual([]);
  });

  it.each([
    ['customer' as const, '/customer-dashboard'],
    ['admin' as const, '/admin'],
  ])('is not what a %s sees: theirs keeps the shop and their own loans, with Home at %s', (role, home) => {
    expect(hrefs(renderAt('/marketplace', role))).toEqual({
      Home: home,
      Shop: '/marketplace',
      Loans: '/loan-tracker',
      Orders: '/orders',
      Support: '/support',
      Account: '/my-account',
    });
  });
});

describe('Home on the bottom bar', () => {
  it.each([
    ['/customer-dashboard', 'customer' as const],
    ['/mobile-dashboard', 'customer' as const],
    ['/admin', 'admin' as const],
  ])('is the current page on %s for a %s', (path, role) => {
    expect(current(renderAt(path, role))).toEqual(['Home']);
  });
});
