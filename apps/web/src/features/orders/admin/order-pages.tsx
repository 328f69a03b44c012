/**
 * The back office's order pages (the list and one order), fetched together as one chunk the
 * first time an admin opens either: they share their cards, statuses and facts.
 */
export { default as OrderPage } from './order-page.tsx';
export { default as OrdersPage } from './orders-page.tsx';
