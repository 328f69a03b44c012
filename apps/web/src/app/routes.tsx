import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type * as AgentApp from './pages/agent-app.tsx';
import type * as TicketPages from './pages/ticket-pages.tsx';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { MarketplacePage } from '@/features/catalog/marketplace-page.tsx';
import { addEnglish } from '@/lib/i18n.ts';
import { RouteErrorBoundary } from './error-screens.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { NotAvailablePage } from './pages/not-available-page.tsx';
import { RootLayout } from './root-layout.tsx';

type PageModule = { default: ComponentType };
type Strings = { default: object };

/**
 * A page in its own chunk, fetched when first visited, with the English strings that ship
 * beside it rather than in the first download (fetched at the same time).
 */
const lazyPage = (
  load: () => Promise<PageModule>,
  ...strings: (() => Promise<Strings>)[]
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [page, ...english] = await Promise.all([load(), ...strings.map((load) => load())]);
    for (const catalogue of english) addEnglish(catalogue.default);
    return { Component: page.default };
  },
});

/** The sign-in, sign-up, email, password and My account pages' English. */
const accountStrings = () => import('@/locales/en.account.json');
/** The district, sub-county and village pickers' English (checkout, identity check). */
const placeStrings = () => import('@/locales/en.places.json');
/** The identity check's English (the customer's journey, an agent's for a customer, the account card). */
const kycStrings = () => import('@/locales/en.kyc.json');
/** The admin identity-check review pages' English. */
const kycReviewStrings = () => import('@/locales/en.kyc-review.json');
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
/** Support's English: the tickets' pages (customer, agent, admin) and the /support page. */
const supportStrings = () => import('@/locales/en.support.json');
type TicketPage = keyof typeof TicketPages;
/** The support ticket pages, customers' and staff's, one chunk (with the admin pages' English for staff's). */
const ticketPage = (name: TicketPage, ...strings: (() => Promise<Strings>)[]) =>
  lazyPage(
    () => import('./pages/ticket-pages.tsx').then((pages) => ({ default: pages[name] })),
    supportStrings,
    ...strings,
  );
/** Credit's English: the plans and terms (product page, checkout), the loan tracker, loan statuses. */
const loanStrings = () => import('@/locales/en.loans.json');
/** The wallet's and the admin payment pages' English (payment statuses and methods, the mobile-money form). */
const paymentStrings = () => import('@/locales/en.payments.json');
/** The product page's reviews and sharing, in English. */
const reviewStrings = () => import('@/locales/en.reviews.json');
/** The assistant's English (sizing, the question box), and the common questions' (also the support page's). */
const assistantStrings = () => import('@/locales/en.assistant.json');
const answersStrings = () => import('@/locales/en.answers.json');
/** The cart's and Add to cart's English. */
const cartStrings = () => import('@/locales/en.cart.json');
/** Checkout's, the order pages' and the admin order pages' English. */
const orderStrings = () => import('@/locales/en.orders.json');
/** The customer dashboard's English; it names loan, order and identity-check statuses. */
const dashboardStrings = () => import('@/locales/en.dashboard.json');
/** The customer's home: /customer-dashboard, /mobile-dashboard and /customer are the same page. */
const dashboard = () =>
  lazyPage(
    () => import('@/features/dashboard/dashboard-page.tsx'),
    dashboardStrings,
    loanStrings,
    orderStrings,
    kycStrings,
  );
/** The admin pages' shared English (lists, users, security, outbox, jobs), beside each admin page. */
const adminStrings = () => import('@/locales/en.admin.json');
/** The admin catalogue pages' English (products, pictures, stock, categories). */
const catalogueStrings = () => import('@/locales/en.catalogue.json');
/** The admin loan pages' English (the portfolio, approvals, one loan, and a product's loan plans). */
const adminLoanStrings = () => import('@/locales/en.admin-loans.json');
/** The admin catalogue pages, one chunk for the four routes; a product's page has its loan plans. */
const cataloguePage = (name: 'ProductsPage' | 'ProductEditPage' | 'CategoriesPage') =>
  lazyPage(
    () => import('./admin/catalogue-pages.tsx').then((pages) => ({ default: pages[name] })),
    adminStrings,
    catalogueStrings,
    adminLoanStrings,
  );
/** The admin loan pages, one chunk for all of them; payment statuses and methods come with one loan's payments. */
const loanPage = (
  name:
    | 'LoansPage'
    | 'LoanApprovalsPage'
    | 'LoanPage'
    | 'CreditPolicyPage'
    | 'FollowUpsPage'
    | 'WriteOffsPage'
    | 'RepossessionsPage',
) =>
  lazyPage(
    () => import('@/features/loans/admin/loan-pages.tsx').then((pages) => ({ default: pages[name] })),
    adminStrings,
    adminLoanStrings,
    paymentStrings,
  );

/** The admin order pages, one chunk for the list and one order. */
const orderPage = (name: 'OrdersPage' | 'OrderPage') =>
  lazyPage(
    () => import('@/features/orders/admin/order-pages.tsx').then((pages) => ({ default: pages[name] })),
    adminStrings,
    orderStrings,
    paymentStrings,
  );
/** The admin payment pages, one chunk for the list and one payment. */
const paymentPage = (name: 'PaymentsPage' | 'PaymentPage') =>
  lazyPage(
    () => import('@/features/payments/payment-pages.tsx').then((pages) => ({ default: pages[name] })),
    adminStrings,
    paymentStrings,
  );
/** The admin identity-check pages, one chunk for the queue and one review. */
const kycReviewPage = (name: 'KycQueuePage' | 'KycReviewPage') =>
  lazyPage(
    () => import('@/features/kyc/admin/kyc-pages.tsx').then((pages) => ({ default: pages[name] })),
    adminStrings,
    kycReviewStrings,
  );

/** The sign-in, sign-up, email and password pages, each with the account English. */
const accountRoutes = (pages: Record<string, () => Promise<PageModule>>): RouteObject[] =>
  Object.entries(pages).map(([path, load]) => ({ path, ...lazyPage(load, accountStrings) }));

const authPage = () => import('@/features/auth/auth-page.tsx');

/** An admin page, with the admin pages' shared English. */
const adminPage = (load: () => Promise<PageModule>, ...strings: (() => Promise<Strings>)[]) =>
  lazyPage(load, adminStrings, ...strings);

// The marketplace is the landing page: it ships in the first download, not as a second request.
const marketplace = { Component: MarketplacePage };
const later = (titleKey: string) => ({ element: <NotAvailablePage titleKey={titleKey} /> });

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
  { path: 'system-report-pdf', ...later('pages.systemReport') },
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

/** Admin only: non-admins are sent to /marketplace. */
export const adminRoutes: RouteObject[] = [
  { path: 'system-audit', ...adminPage(() => import('@/features/system/system-log-page.tsx')) },
  { path: 'system-testing', ...later('pages.systemTesting') },
  { path: 'security-dashboard', ...adminPage(() => import('@/features/system/security-page.tsx')) },
  {
    path: 'mockups',
    ...adminPage(
      () => import('@/features/system/mockups-page.tsx'),
      orderStrings,
      loanStrings,
      kycStrings,
      paymentStrings,
    ),
  },
  {
    path: 'admin',
    ...adminPage(() => import('./admin/home-page.tsx'), paymentStrings, orderStrings, catalogueStrings),
  },
  { path: 'admin/users', ...adminPage(() => import('@/features/users/users-page.tsx'), paymentStrings) },
  { path: 'admin/approvals', ...adminPage(() => import('@/features/approvals/approvals-page.tsx')) },
  { path: 'admin/outbox', ...adminPage(() => import('@/features/system/outbox-page.tsx')) },
  { path: 'admin/jobs', ...adminPage(() => import('@/features/system/jobs-page.tsx')) },
  { path: 'admin/payments', ...paymentPage('PaymentsPage') },
  {
    path: 'admin/paybill',
    ...lazyPage(() => import('@/features/paybill/paybill-page.tsx'), adminStrings, paymentStrings),
  },
  { path: 'admin/support', ...ticketPage('SupportQueuePage', adminStrings) },
  { path: 'admin/support/:id', ...ticketPage('AdminTicketPage', adminStrings) },
  { path: 'admin/support-requests', ...adminPage(() => import('@/features/ussd/support-requests-page.tsx')) },
  { path: 'admin/payments/:id', ...paymentPage('PaymentPage') },
  { path: 'admin/products', ...cataloguePage('ProductsPage') },
  { path: 'admin/products/new', ...cataloguePage('ProductEditPage') },
  { path: 'admin/products/:id', ...cataloguePage('ProductEditPage') },
  { path: 'admin/categories', ...cataloguePage('CategoriesPage') },
  { path: 'admin/kyc', ...kycReviewPage('KycQueuePage') },
  { path: 'admin/kyc/:userId', ...kycReviewPage('KycReviewPage') },
  { path: 'admin/orders', ...orderPage('OrdersPage') },
  { path: 'admin/orders/:id', ...orderPage('OrderPage') },
  { path: 'admin/loans', ...loanPage('LoansPage') },
  { path: 'admin/loans/approvals', ...loanPage('LoanApprovalsPage') },
  { path: 'admin/loans/:id', ...loanPage('LoanPage') },
  { path: 'admin/credit-policy', ...loanPage('CreditPolicyPage') },
  { path: 'admin/follow-ups', ...loanPage('FollowUpsPage') },
  { path: 'admin/write-offs', ...loanPage('WriteOffsPage') },
  { path: 'admin/repossessions', ...loanPage('RepossessionsPage') },
  // The list and one agent share a chunk: one route, the page chosen by whether an id is given.
  { path: 'admin/agents/:id?', ...adminPage(() => import('./admin/agent-pages.tsx')) },
  { path: 'admin/devices', ...adminPage(() => import('@/features/loans/admin/devices-page.tsx'), adminLoanStrings) },
];

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
          { element: <RequireAdmin />, children: adminRoutes },
          ...Object.entries(redirects).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          { path: '*', ...lazyPage(() => import('./pages/not-found-page.tsx')) },
        ],
      },
    ],
  },
];
