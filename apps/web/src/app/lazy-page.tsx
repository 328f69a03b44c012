import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type * as TicketPages from './pages/ticket-pages.tsx';
import { addEnglish } from '@/lib/i18n.ts';
import { NotAvailablePage } from './pages/not-available-page.tsx';

export type PageModule = { default: ComponentType };
export type Strings = { default: object };

/**
 * A page in its own chunk, fetched when first visited, with the English strings that ship
 * beside it rather than in the first download (fetched at the same time).
 */
export const lazyPage = (
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
export const accountStrings = () => import('@/locales/en.account.json');
/** The district, sub-county and village pickers' English (checkout, identity check). */
export const placeStrings = () => import('@/locales/en.places.json');
/** The identity check's English (the customer's journey, an agent's for a customer, the account card). */
export const kycStrings = () => import('@/locales/en.kyc.json');
/** The admin identity-check review pages' English. */
export const kycReviewStrings = () => import('@/locales/en.kyc-review.json');
/** Support's English: the tickets' pages (customer, agent, admin) and the /support page. */
export const supportStrings = () => import('@/locales/en.support.json');
export type TicketPage = keyof typeof TicketPages;
/** The support ticket pages, customers' and staff's, one chunk (with the admin pages' English for staff's). */
export const ticketPage = (name: TicketPage, ...strings: (() => Promise<Strings>)[]) =>
  lazyPage(
    () => import('./pages/ticket-pages.tsx').then((pages) => ({ default: pages[name] })),
    supportStrings,
    ...strings,
  );
/** Credit's English: the plans and terms (product page, checkout), the loan tracker, loan statuses. */
export const loanStrings = () => import('@/locales/en.loans.json');
/** The wallet's and the admin payment pages' English (payment statuses and methods, the mobile-money form). */
export const paymentStrings = () => import('@/locales/en.payments.json');
/** The product page's reviews and sharing, in English. */
export const reviewStrings = () => import('@/locales/en.reviews.json');
/** The assistant's English (sizing, the question box), and the common questions' (also the support page's). */
export const assistantStrings = () => import('@/locales/en.assistant.json');
export const answersStrings = () => import('@/locales/en.answers.json');
/** The cart's and Add to cart's English. */
export const cartStrings = () => import('@/locales/en.cart.json');
/** Checkout's, the order pages' and the admin order pages' English. */
export const orderStrings = () => import('@/locales/en.orders.json');
/** The customer dashboard's English; it names loan, order and identity-check statuses. */
export const dashboardStrings = () => import('@/locales/en.dashboard.json');
/** The admin pages' shared English (lists, users, security, outbox, jobs), beside each admin page. */
export const adminStrings = () => import('@/locales/en.admin.json');
/** The admin catalogue pages' English (products, pictures, stock, categories). */
export const catalogueStrings = () => import('@/locales/en.catalogue.json');
/** The admin loan pages' English (the portfolio, approvals, one loan, and a product's loan plans). */
export const adminLoanStrings = () => import('@/locales/en.admin-loans.json');
/** The reports' English: the reports pages, the system report page and the admin home's chart. */
export const reportStrings = () => import('@/locales/en.reports.json');
/** An admin page, with the admin pages' shared English. */
export const adminPage = (load: () => Promise<PageModule>, ...strings: (() => Promise<Strings>)[]) =>
  lazyPage(load, adminStrings, ...strings);

/** A spec page not built yet: says so plainly. */
export const later = (titleKey: string) => ({ element: <NotAvailablePage titleKey={titleKey} /> });
