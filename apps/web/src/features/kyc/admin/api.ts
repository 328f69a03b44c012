import type { Kyc, KycDecision, KycStatus } from '@ecogrid/core/kyc';
import type { AdminKyc, AdminKycSummary } from '@ecogrid/core/kyc.responses';
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError, languageHeader, networkError, requestFailed, type ErrorBody } from '@/lib/api-client.ts';
import { pages, type Page } from '@/lib/paged-query.ts';

export { KYC_DOCUMENT_KINDS, KYC_STATUSES, KYC_STEPS, kycDecisionSchema } from '@ecogrid/core/kyc';
export type { Kyc, KycDecision, KycDocument, KycDocumentKind, KycIdType, KycStatus, KycStep } from '@ecogrid/core/kyc';

export type { AdminKyc, AdminKycSummary, KycPerson } from '@ecogrid/core/kyc.responses';

/** Checks arrive while a reviewer works through the queue: fresh for 30 s. */
const FRESH_MS = 30_000;

// The list and the check are keyed under 'kyc': a live 'kyc' event (a decision) refetches them.
const LIST_KEY = ['kyc', 'admin', 'list'] as const;
const checkKey = (userId: string) => ['kyc', 'admin', 'check', userId] as const;

/** Checks in one status, a page at a time: the submitted ones oldest first (the queue), others newest decision first. */
export const adminKycListQuery = (status: KycStatus) =>
  pages<AdminKycSummary>([...LIST_KEY, { status }], '/api/admin/kyc', { status });

export const adminKycQuery = (userId: string) =>
  queryOptions({
    queryKey: checkKey(userId),
    queryFn: ({ signal }) => apiFetch<AdminKyc>(`/api/admin/kyc/${encodeURIComponent(userId)}`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

/**
 * A document's bytes (the server sends it as an attachment), read chunk by chunk when
 * `onProgress` is given: a photo takes a while on 3G, and the reviewer should see it coming.
 */
export async function fetchKycDocument(
  id: string,
  signal?: AbortSignal,
  onProgress?: (received: number) => void,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/kyc/documents/${encodeURIComponent(id)}`, {
      credentials: 'same-origin',
      signal,
      headers: languageHeader(),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    // The server's refusal in the reader's language; a proxy's page without one says the status.
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'http_error',
      body?.error?.message ?? requestFailed(response.status),
    );
  }
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/**
 * A document's bytes, kept a minute after its page closes. A document never changes (a new
 * upload is a new id), so it is never fetched again while cached: the key is outside 'kyc' so a
 * live event does not download photos again over 3G.
 */
export const kycDocumentQuery = (id: string, onProgress?: (received: number) => void) =>
  queryOptions({
    queryKey: ['admin', 'kyc-document', id],
    queryFn: ({ signal }) => fetchKycDocument(id, signal, onProgress),
    staleTime: Infinity,
    gcTime: 60_000,
  });

/** Verifies a submitted check, or rejects it with the reason the customer reads; answers with the check after. */
export const decideKyc = (userId: string, decision: KycDecision) =>
  apiFetch<Kyc>(`/api/admin/kyc/${encodeURIComponent(userId)}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(decision),
  });

/**
 * After a decision: the check on screen shows its new status at once, and is fetched again for
 * its history with who decided (the decision answers without names); every list is fetched again.
 */
export async function afterDecision(queryClient: QueryClient, userId: string, after: Kyc): Promise<void> {
  const { documents: _documents, history: _history, ...decided } = after;
  queryClient.setQueryData<AdminKyc>(checkKey(userId), (before) => (before ? { ...before, ...decided } : before));
  void queryClient.invalidateQueries({ queryKey: checkKey(userId) });
  // The decided check leaves the queue at once, before the lists come back.
  const queue = [...LIST_KEY, { status: 'submitted' }];
  queryClient.setQueriesData<InfiniteData<Page<AdminKycSummary>>>({ queryKey: queue }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.userId !== userId) })),
        }
      : data,
  );
  await queryClient.invalidateQueries({ queryKey: LIST_KEY });
}

/** The check on screen is out of date (someone else decided it): fetch it again. */
export const refetchCheck = (queryClient: QueryClient, userId: string) =>
  queryClient.invalidateQueries({ queryKey: checkKey(userId) });
