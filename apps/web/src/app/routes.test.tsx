import { isValidElement } from 'react';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { adminRoutes } from './admin-routes.tsx';
import {
  ADMIN_SECTIONS,
  appRoutes,
  patchAdminRoutes,
  loginRoutes as pageRoutes,
  publicRoutes,
  redirects,
  routes,
} from './routes.tsx';

const loginRoutes = [...pageRoutes, ...appRoutes];

// Spec section 2, route by route.
const SPEC_PUBLIC = [
  '/',
  '/marketplace',
  '/product/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  '/auth',
  '/login',
  '/signup',
  '/email-verification',
  '/email-confirmation',
  '/forgot-password',
  '/reset-password',
  '/support',
  '/system-report-pdf',
  '/transformation-plan',
  '/ai-test',
];
const SPEC_LOGIN = [
  '/all-products',
  '/cart',
  '/checkout',
  '/my-account',
  '/my-orders',
  '/inbox',
  '/customer-dashboard',
  '/mobile-dashboard',
  '/agent-dashboard',
  '/customer/wallet',
  '/customer/loan',
  '/customer/anything',
  '/agent/anything',
];
const SPEC_ADMIN = ['/system-audit', '/system-testing', '/security-dashboard', '/mockups'];
// The admin tools built on the admin APIs.
const ADMIN_TOOLS = [
  '/admin',
  '/admin/users',
  '/admin/outbox',
  '/admin/jobs',
  '/admin/payments',
  '/admin/payments/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  '/admin/paybill',
  '/admin/support-requests',
  '/admin/campaigns',
  '/admin/campaigns/new',
  '/admin/campaigns/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  '/admin/products',
  '/admin/products/new',
  '/admin/products/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  '/admin/categories',
  '/admin/stock',
  '/admin/orders',
  '/admin/orders/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  '/admin/loans',
  '/admin/loans/approvals',
  '/admin/loans/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  '/admin/credit-policy',
  '/admin/follow-ups',
  '/admin/write-offs',
  '/admin/repossessions',
  '/admin/devices',
  '/admin/agents',
  '/admin/agents/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
];

const within = (group: RouteObject[], path: string) => Boolean(matchRoutes(group, path)?.length);

describe('the route table', () => {
  it.each(SPEC_PUBLIC)('serves %s to everyone', (path) => {
    expect(within(publicRoutes, path)).toBe(true);
  });

  it.each(SPEC_LOGIN)('puts %s behind sign-in', (path) => {
    expect(within(loginRoutes, path)).toBe(true);
    expect(within(publicRoutes, path)).toBe(false);
  });

  it.each([...SPEC_ADMIN, ...ADMIN_TOOLS])('keeps %s for admins only', (path) => {
    expect(within(adminRoutes, path)).toBe(true);
    expect(within(publicRoutes, path) || within(loginRoutes, path)).toBe(false);
  });

  it.each([
    '/admin',
    '/system-audit',
    '/system-testing',
    '/security-dashboard',
    '/admin/users',
    '/admin/outbox',
    '/admin/jobs',
    '/admin/payments',
    '/admin/payments/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    '/admin/paybill',
    '/admin/support-requests',
    '/admin/campaigns',
    '/admin/campaigns/new',
    '/admin/campaigns/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    '/admin/products',
    '/admin/products/new',
    '/admin/products/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    '/admin/categories',
    '/admin/stock',
    '/admin/orders',
    '/admin/orders/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    '/admin/loans',
    '/admin/loans/approvals',
    '/admin/loans/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    '/admin/credit-policy',
    '/admin/follow-ups',
    '/admin/write-offs',
    '/admin/repossessions',
    '/admin/devices',
    '/admin/agents',
    '/admin/agents/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  ])('loads the admin page %s in its own chunk', (path) => {
    const route = matchRoutes(adminRoutes, path)?.at(-1)?.route;
    expect(route?.lazy).toBeTypeOf('function');
    expect(route?.element).toBeUndefined();
  });

  it.each(['/cart', '/checkout', '/my-orders', '/my-orders/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b'])(
    'puts the shopping page %s behind sign-in, in its own chunk',
    (path) => {
      const route = matchRoutes(pageRoutes, path)?.at(-1)?.route;
      expect(route?.lazy).toBeTypeOf('function');
      expect(route?.element).toBeUndefined();
      expect(within(publicRoutes, path)).toBe(false);
    },
  );

  it('loads the wallet in its own chunk', () => {
    const route = matchRoutes(appRoutes, '/customer/wallet')?.at(-1)?.route;
    expect(route?.lazy).toBeTypeOf('function');
    expect(route?.element).toBeUndefined();
  });

  it.each(['/customer/loan', '/customer/loan/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'])(
    'puts the loan tracker page %s behind sign-in, in its own chunk',
    (path) => {
      const route = matchRoutes(appRoutes, path)?.at(-1)?.route;
      expect(route?.lazy).toBeTypeOf('function');
      expect(route?.element).toBeUndefined();
      expect(within(publicRoutes, path)).toBe(false);
    },
  );

  it.each([
    '/agent-dashboard',
    '/agent',
    '/agent/visits',
    '/agent/register',
    '/agent/sync',
    '/agent/loans',
    '/agent/orders',
    '/agent/deliveries',
    '/agent/follow-ups',
    '/agent/repossessions',
    '/agent/customers/6f0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  ])("loads the agent's page %s in its own chunk, behind sign-in", (path) => {
    const route = matchRoutes(loginRoutes, path)?.at(-1)?.route;
    expect(route?.path, 'a page of its own, not the not-built-yet one').not.toBe('*');
    expect(route?.lazy).toBeTypeOf('function');
    expect(route?.element).toBeUndefined();
    expect(within(publicRoutes, path)).toBe(false);
  });

  it.each([
    ['/agent/sales', '/agent'],
    ['/agent/commissions', '/customer/wallet'],
  ])('sends %s to the screen that shows it, not a placeholder', (path, to) => {
    const route = matchRoutes(loginRoutes, path)?.at(-1)?.route;
    expect(isValidElement<{ to: string }>(route?.element) && route.element.props.to).toBe(to);
  });

  it('opens the admin home at /admin and the system log at /system-audit, each in its own chunk', () => {
    for (const path of ['/admin', '/system-audit']) {
      const route = matchRoutes(adminRoutes, path)?.at(-1)?.route;
      expect(route?.path).toBe(path.slice(1));
      expect(route?.lazy).toBeTypeOf('function');
    }
  });

  it('redirects the old addresses as the spec lists them', () => {
    expect(redirects).toEqual({
      'ecogrid-wallet': '/customer/wallet',
      wallet: '/customer/wallet',
      'loan-tracker': '/customer/loan',
      loan: '/customer/loan',
      orders: '/my-orders',
      'kyc-verification': '/kyc',
    });
  });

  it('keeps the admin pages under the sections the router patches them in for', () => {
    const sections = new Set(adminRoutes.map((route) => route.path?.split('/')[0]));
    expect([...sections].sort()).toEqual([...ADMIN_SECTIONS].sort());
    for (const section of ADMIN_SECTIONS) {
      expect(within([...publicRoutes, ...loginRoutes], `/${section}`), section).toBe(false);
    }
  });

  it('patches the admin pages in on the first visit to an admin address, and leaves other paths to not-found', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: ['/admin/users'],
      patchRoutesOnNavigation: patchAdminRoutes,
    });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
    expect(router.state.matches.at(-1)?.route.path).toBe('admin/users');
    await router.navigate('/admin-no-such-page');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });

  it('matches an unknown path with the not-found page, not a feature', () => {
    const matched = matchRoutes(routes, '/no-such-page') ?? [];
    expect(matched.at(-1)?.route.path).toBe('*');
  });
});
