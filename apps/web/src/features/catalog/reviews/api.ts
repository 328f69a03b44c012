import type { MyReview, ReviewInput, ReviewPage } from '@ecogrid/core/reviews';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

const base = (productId: string) => `/api/catalog/products/${encodeURIComponent(productId)}/reviews`;

/** A product's reviews, a page of ten at a time, with its rating over all of them. */
export const reviewsQuery = (productId: string) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'reviews', productId],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ReviewPage>(`${base(productId)}${toSearch({ limit: 10, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The signed-in customer's own review, and whether they may write one. */
export const myReviewQuery = (productId: string) =>
  queryOptions({
    queryKey: ['catalog', 'reviews', productId, 'mine'],
    queryFn: ({ signal }) => apiFetch<MyReview>(`${base(productId)}/mine`, { signal }),
  });

export const saveReview = (productId: string, input: ReviewInput) =>
  apiFetch<MyReview>(`${base(productId)}/mine`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });

export const deleteReview = (productId: string) => apiFetch<MyReview>(`${base(productId)}/mine`, { method: 'DELETE' });

/** After a review is written, changed or taken back: the list, the rating and the customer's own. */
export const refreshReviews = (queryClient: QueryClient, productId: string) =>
  queryClient.invalidateQueries({ queryKey: ['catalog', 'reviews', productId] });
