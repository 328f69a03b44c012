/**
 * The back office's identity-check pages (the queue and one review), fetched together as one
 * chunk the first time an admin opens either.
 */
export { default as KycQueuePage } from './kyc-queue-page.tsx';
export { default as KycReviewPage } from './kyc-review-page.tsx';
