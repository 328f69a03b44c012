import type { RouteObject } from 'react-router';
import {
  adminLoanStrings,
  adminPage,
  adminStrings,
  catalogueStrings,
  kycReviewStrings,
  kycStrings,
  lazyPage,
  loanStrings,
  orderStrings,
  paymentStrings,
  reportStrings,
  ticketPage,
} from './lazy-page.tsx';

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

/**
 * Admin only (non-admins are sent to /marketplace). This table is not in the first download: the
 * router patches it in on the first visit to an admin address (`patchAdminRoutes` in routes.tsx).
 */
export const adminRoutes: RouteObject[] = [
  { path: 'system-audit', ...adminPage(() => import('@/features/system/system-log-page.tsx')) },
  { path: 'system-testing', ...adminPage(() => import('@/features/system/diagnostics-page.tsx')) },
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
    ...adminPage(() => import('./admin/home-page.tsx'), paymentStrings, orderStrings, catalogueStrings, reportStrings),
  },
  { path: 'admin/reports/:report?', ...adminPage(() => import('@/features/reports/reports-page.tsx'), reportStrings) },
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
  { path: 'admin/campaigns', ...adminPage(() => import('@/features/campaigns/campaigns-page.tsx')) },
  { path: 'admin/campaigns/new', ...adminPage(() => import('@/features/campaigns/new-campaign-page.tsx')) },
  { path: 'admin/campaigns/:id', ...adminPage(() => import('@/features/campaigns/campaign-page.tsx')) },
  { path: 'admin/payments/:id', ...paymentPage('PaymentPage') },
  { path: 'admin/products', ...cataloguePage('ProductsPage') },
  { path: 'admin/products/new', ...cataloguePage('ProductEditPage') },
  { path: 'admin/products/:id', ...cataloguePage('ProductEditPage') },
  { path: 'admin/categories', ...cataloguePage('CategoriesPage') },
  {
    path: 'admin/stock',
    ...adminPage(() => import('@/features/catalog/admin/stock/stock-page.tsx'), catalogueStrings),
  },
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
