import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

describe('createQueryClient', () => {
  it('uses the spec cache settings', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 10 * 60_000,
      gcTime: 30 * 60_000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
    });
    expect(mutations?.retry).toBe(1);
  });

  it('retries a failed query twice, but never a 4xx answer', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    const network = new ApiError(0, 'network_error', 'offline');
    expect([retry(0, network), retry(1, network), retry(2, network)]).toEqual([true, true, false]);
    expect(retry(0, new ApiError(503, 'http_error', 'busy'))).toBe(true);
    expect(retry(0, new ApiError(404, 'not_found', 'gone'))).toBe(false);
  });
});
