import type { PaybillReceipt } from '@ecogrid/core/paybill';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export type { PaybillReceipt } from '@ecogrid/core/paybill';

/** A customer a held receipt may go to, with their loans taking repayments. */
export type PaybillCustomer = {
  id: string;
  name: string;
  phone: string | null;
  accountNumber: string;
  loans: { id: string; number: string }[];
};

export const heldReceiptsQuery = () => pages<PaybillReceipt>(['admin', 'paybill'], '/api/admin/paybill/receipts', {});

export const paybillCustomersQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'paybill', 'customers', q],
    queryFn: ({ signal }) =>
      apiFetch<{ items: PaybillCustomer[] }>(`/api/admin/paybill/customers?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length >= 2,
    staleTime: FRESH_MS,
  });

export type Decision = { kind: 'assign'; customerId: string; loanId?: string } | { kind: 'return'; reason: string };

/** Assigns or returns a held receipt; the key makes a retried request apply once. */
export const decideReceipt = (id: string, decision: Decision, idempotencyKey: string) => {
  const { kind, ...body } = decision;
  return apiFetch<PaybillReceipt>(`/api/admin/paybill/receipts/${encodeURIComponent(id)}/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
};
