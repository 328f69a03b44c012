import type { AdminCreditPolicy, CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export {
  creditPolicyInputSchema,
  DEFAULT_CREDIT_POLICY,
  CREDIT_CHECKS,
  CREDIT_OUTCOMES,
} from '@ecogrid/core/credit-policy';
export type { AdminCreditPolicy, CreditPolicyRules };

const POLICY_KEY = ['admin', 'credit-policy'] as const;
const VERSIONS_KEY = ['admin', 'credit-policy', 'versions'] as const;

/** The policy in force, with its version and who saved it. */
export const creditPolicyQuery = queryOptions({
  queryKey: POLICY_KEY,
  queryFn: ({ signal }) => apiFetch<AdminCreditPolicy>('/api/admin/credit-policy', { signal }),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

/** Every saved version, newest first, a page at a time. */
export const creditPolicyVersionsQuery = pages<AdminCreditPolicy>(
  VERSIONS_KEY,
  '/api/admin/credit-policy/versions',
  {},
);

/** Saves the rules as the next version, with the note saying why; answers with the version now in force. */
export const saveCreditPolicy = (input: { rules: CreditPolicyRules; note: string }) =>
  apiFetch<AdminCreditPolicy>('/api/admin/credit-policy', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });

/** After a save: the new version is in force at once, and the versions list is fetched again. */
export async function afterPolicySaved(queryClient: QueryClient, saved: AdminCreditPolicy): Promise<void> {
  queryClient.setQueryData(POLICY_KEY, saved);
  await queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
}

/** Another admin saved meanwhile: fetch the policy in force again. */
export const refetchPolicy = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: POLICY_KEY });
