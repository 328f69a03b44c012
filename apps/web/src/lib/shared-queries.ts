import type { Kyc } from '@ecogrid/core/kyc';
import type { LoanPlan } from '@ecogrid/core/loans';
import type { Wallet } from '@ecogrid/core/wallet.responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/**
 * Queries more than one feature reads (features do not import each other). Their keys are the
 * owning feature's, so one live update refreshes every screen that shows them.
 */

/**
 * A customer's identity check (`/api/kyc`), or a consenting customer's for an agent
 * (`/api/agent/customers/{id}/kyc`). Every key starts with 'kyc': a live 'kyc' event (a decision)
 * refetches them all.
 */
export const kycQuery = (base: string) =>
  queryOptions({
    queryKey: ['kyc', base],
    queryFn: ({ signal }) => apiFetch<Kyc>(base, { signal }),
    staleTime: 30_000,
    refetchOnMount: true,
  });

/** The wallet as a screen that pays from it reads it: always asked again, the balance must be current. */
export const payingWalletQuery = queryOptions({
  queryKey: ['payments', 'wallet'],
  queryFn: ({ signal }) => apiFetch<Wallet>('/api/wallet', { signal }),
  staleTime: 0,
  refetchOnMount: true,
});

export type MobileMoneyNetworks = {
  testMoney: boolean;
  /** The business number to pay by paybill; null when there is none. */
  paybillNumber: string | null;
  networks: { network: 'mtn' | 'airtel'; name: string; mode: 'live' | 'sandbox' | 'off' }[];
};

/** Which networks take payments, and whether they are test money; it changes only with a restart. */
export const networksQuery = queryOptions({
  queryKey: ['payments', 'networks'],
  queryFn: ({ signal }) => apiFetch<MobileMoneyNetworks>('/api/mobile-money/networks', { signal }),
  staleTime: 10 * 60_000,
});

/**
 * The plans a product is sold on credit with (active only; none when it is not). Under
 * 'catalog': an admin's catalogue change refetches them with the product.
 */
export const loanPlansQuery = (productId: string) =>
  queryOptions({
    queryKey: ['catalog', 'loan-plans', productId],
    queryFn: ({ signal }) =>
      apiFetch<{ plans: LoanPlan[] }>(`/api/products/${encodeURIComponent(productId)}/loan-plans`, { signal }),
    staleTime: 60_000,
    select: (answer) => answer.plans,
  });
