import type { Product, ProductList } from '@ecogrid/core';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * The catalogue the assistant sizes against: the active products, cheapest first, one page of
 * the API's largest (100). Catalogue reads fall back to the phone's last copy offline (the
 * service worker's catalogue cache), so a customer who opened it once can size without a network.
 */
export const sizingCatalogueQuery = queryOptions({
  queryKey: ['catalog', 'products', 'assistant'],
  queryFn: ({ signal }) => apiFetch<ProductList>('/api/catalog/products?limit=100&sort=price_asc', { signal }),
  staleTime: 60_000,
  select: (list): Product[] => list.items,
});

/** Whether the assistant has a language model for free-text questions (a setting on the server). */
export const assistantStatusQuery = queryOptions({
  queryKey: ['assistant', 'status'],
  queryFn: ({ signal }) => apiFetch<{ languageModel: boolean }>('/api/assistant', { signal }),
  staleTime: 10 * 60_000,
});

export type ModelAnswer = { answer: string; model: string; answerIds: string[]; productIds: string[] };

/** Asks the language model, giving it the ids of the answers and products the page found. */
export const askModel = (input: { question: string; language: string; answerIds: string[]; productIds: string[] }) =>
  apiFetch<ModelAnswer>('/api/assistant/ask', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
