/**
 * The back office's loan pages (the portfolio, the approval queue, one loan, the credit policy,
 * collections, repossessions and write-offs), fetched together as one chunk the first time an
 * admin opens any of them: they share their list, card and figures code.
 */
export { default as CreditPolicyPage } from './credit-policy-page.tsx';
export { default as FollowUpsPage } from './follow-ups-page.tsx';
export { default as LoanApprovalsPage } from './loan-approvals-page.tsx';
export { default as LoanPage } from './loan-page.tsx';
export { default as LoansPage } from './loans-page.tsx';
export { default as RepossessionsPage } from './repossessions-page.tsx';
export { default as WriteOffsPage } from './write-offs-page.tsx';
