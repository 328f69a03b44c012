import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import type * as AgentApp from './pages/agent-app.tsx';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { MarketplacePage } from '@/features/catalog/marketplace-page.tsx';
import { RouteErrorBoundary } from './error-screens.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import {
  accountStrings,
  answersStrings,
  assistantStrings,
  cartStrings,
  catalogueStrings,
  dashboardStrings,
  kycStrings,
  later,
  lazyPage,
  loanStrings,
  orderStrings,
  paymentStrings,
  placeStrings,
  reportStrings,
  reviewStrings,
  supportStrings,
  ticketPage,
  type PageModule,
} from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** The agent app's English (dashboard, customers, visits, registering, cash, the queue). */
const agentStrings = () => import('@/locales/en.agent.json');
type AgentPage = keyof typeof AgentApp;
/**
 * The agent app, one chunk for all (selling and a customer's identity check included); its pages
 * name loan and order statuses and pick places.
 */
const agentPage = (name: AgentPage) =>
  lazyPage(
    () => import('./pages/agent-app.tsx').then((pages) => ({ default: pages[name] })),
    agentStrings,
    loanStrings,
    orderStrings,
    placeStrings,
    kycStrings,
    supportStrings,
  );
/** The customer's home: /customer-dashboard, /mobile-dashboard and /customer are the same page. */
const dashboard = () =>
  lazyPage(
    () => import('@/features/dashboard/dashboard-page.tsx'),
    dashboardStrings,
    loanStrings,
    orderStrings,
    kycStrings,
  );
/** The sign-in, sign-up, email and password pages, each with the account English. */
const accountRoutes = (pages: Record<string, () => Promise<PageModule>>): RouteObject[] =>
  Object.entries(pages).map(([path, load]) => ({ path, ...lazyPage(load, accountStrings) }));

const authPage = () => import('@/features/auth/auth-page.tsx');

// The marketplace is the landing page: it ships in the first download, not as a second request.
const marketplace = { Component: MarketplacePage };

const agentDashboard = agentPage('AgentDashboardPage');
/** The agent app's frame: the offline queue sent while the agent works. */
const agentLayout = agentPage('AgentLayout');

/** Public pages (spec section 2). */
export const publicRoutes: RouteObject[] = [
  { index: true, ...marketplace },
  { path: 'marketplace', ...marketplace },
  {
    path: 'product/:id',
    ...lazyPage(() => import('./pages/product-route.tsx'), cartStrings, loanStrings, reviewStrings),
  },
  ...accountRoutes({
    auth: authPage,
    login: authPage,
    signup: authPage,
    'email-verification': () => import('@/features/auth/email-verification-page.tsx'),
    'email-confirmation': () => import('@/features/auth/email-confirmation-page.tsx'),
    'forgot-password': () => import('@/features/auth/forgot-password-page.tsx'),
    'reset-password': () => import('@/features/auth/reset-password-page.tsx'),
  }),
  { path: 'support', ...lazyPage(() => import('./pages/support-page.tsx'), supportStrings, answersStrings) },
  { path: 'system-report-pdf', ...lazyPage(() => import('./pages/system-report-page.tsx'), reportStrings) },
  {
    path: 'transformation-plan',
    ...lazyPage(() => import('@/features/dashboard/transformation-plan-page.tsx'), dashboardStrings, catalogueStrings),
  },
  {
    path: 'ai-test',
    ...lazyPage(() => import('./pages/ai-test-page.tsx'), assistantStrings, answersStrings, loanStrings),
  },
];

/** Login required: signed-out visitors go to /auth with the origin remembered. */
export const loginRoutes: RouteObject[] = [
  { path: 'all-products', ...marketplace },
  { path: 'cart', ...lazyPage(() => import('@/features/cart/cart-page.tsx'), cartStrings) },
  {
    path: 'checkout',
    ...lazyPage(() => import('./pages/checkout-route.tsx'), orderStrings, paymentStrings, placeStrings, loanStrings),
  },
  { path: 'my-account', ...lazyPage(() => import('@/features/auth/my-account-page.tsx'), kycStrings, accountStrings) },
  { path: 'kyc', ...lazyPage(() => import('@/features/kyc/kyc-page.tsx'), kycStrings, placeStrings) },
  { path: 'my-orders', ...lazyPage(() => import('@/features/orders/my-orders-page.tsx'), orderStrings) },
  {
    path: 'my-orders/:id',
    ...lazyPage(() => import('@/features/orders/order-page.tsx'), orderStrings, paymentStrings),
  },
  { path: 'inbox', ...lazyPage(() => import('@/features/notifications/inbox-page.tsx')) },
  { path: 'support/tickets', ...ticketPage('MyTicketsPage') },
  { path: 'support/tickets/new', ...ticketPage('NewTicketPage') },
  { path: 'support/tickets/:id', ...ticketPage('TicketPage') },
  { path: 'customer-dashboard', ...dashboard() },
  { path: 'mobile-dashboard', ...dashboard() },
  { path: 'agent-dashboard', ...agentLayout, children: [{ index: true, ...agentDashboard }] },
];

/** The customer and agent apps: login required, with the customer loading screen while the session is checked. */
export const appRoutes: RouteObject[] = [
  {
    path: 'customer',
    children: [
      { index: true, ...dashboard() },
      { path: 'wallet', ...lazyPage(() => import('@/features/wallet/wallet-page.tsx'), paymentStrings) },
      { path: 'loan', ...lazyPage(() => import('@/features/loans/loans-page.tsx'), loanStrings) },
      {
        path: 'loan/:id',
        ...lazyPage(() => import('@/features/loans/loan-page.tsx'), loanStrings, paymentStrings, orderStrings),
      },
      { path: '*', ...later('pages.customerApp') },
    ],
  },
  {
    path: 'agent',
    ...agentLayout,
    children: [
      { index: true, ...agentDashboard },
      { path: 'customers', ...agentPage('AgentCustomersPage') },
      { path: 'customers/:customerId', ...agentPage('AgentCustomerPage') },
      { path: 'visits', ...agentPage('AgentVisitsPage') },
      { path: 'loans', ...agentPage('AgentLoansPage') },
      { path: 'orders', ...agentPage('AgentOrdersPage') },
      { path: 'deliveries', ...agentPage('AgentDeliveriesPage') },
      { path: 'follow-ups', ...agentPage('AgentFollowUpsPage') },
      { path: 'repossessions', ...agentPage('AgentRepossessionsPage') },
      { path: 'register', ...agentPage('AgentRegisterPage') },
      { path: 'sync', ...agentPage('AgentSyncPage') },
      // Sales are the dashboard's figures; commission is paid into the wallet, whose statement names each payment.
      { path: 'sales', element: <Navigate to="/agent" replace /> },
      { path: 'commissions', element: <Navigate to="/customer/wallet" replace /> },
      { path: 'customers/:customerId/kyc', ...agentPage('AgentCustomerKycPage') },
      { path: 'customers/:customerId/sell', ...agentPage('AgentSellPage') },
      { path: 'customers/:customerId/support', ...agentPage('AgentCustomerTicketPage') },
      { path: 'support', ...agentPage('AgentTicketsPage') },
      { path: 'support/:id', ...agentPage('AgentTicketPage') },
      { path: '*', ...later('pages.agentApp') },
    ],
  },
];

/** The route the admin pages are patched into, and the first segments of their addresses. */
export const ADMIN_ROUTE_ID = 'admin-pages';
export const ADMIN_SECTIONS = ['admin', 'system-audit', 'system-testing', 'security-dashboard', 'mockups'];

/**
 * The admin pages' table (admin-routes.tsx) reaches a browser only when it first goes to an admin
 * address: the router asks here whenever a path matches nothing but the not-found page.
 */
export const patchAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const section = path.split('/')[1] ?? '';
  if (!ADMIN_SECTIONS.includes(section)) return;
  const { adminRoutes } = await import('./admin-routes.tsx');
  patch(ADMIN_ROUTE_ID, adminRoutes);
};

/** Old and short addresses (spec section 2). */
export const redirects: Record<string, string> = {
  'ecogrid-wallet': '/customer/wallet',
  wallet: '/customer/wallet',
  'loan-tracker': '/customer/loan',
  loan: '/customer/loan',
  orders: '/my-orders',
  'kyc-verification': '/kyc',
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: () => <LoadingOverlay />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: loginRoutes },
          { element: <RequireAuth loading="customer" />, children: appRoutes },
          { id: ADMIN_ROUTE_ID, element: <RequireAdmin />, children: [] },
          ...Object.entries(redirects).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          { path: '*', ...lazyPage(() => import('./pages/not-found-page.tsx')) },
        ],
      },
    ],
  },
];
