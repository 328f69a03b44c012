/**
 * The back office's payment pages (the list and one payment), fetched together as one chunk the
 * first time an admin opens either: they share their cards and statuses.
 */
export { default as PaymentPage } from './payment-page.tsx';
export { default as PaymentsPage } from './payments-page.tsx';
