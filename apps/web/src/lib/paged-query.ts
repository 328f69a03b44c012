import type { Page } from '@ecogrid/core/page';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

export type { Page } from '@ecogrid/core/page';

/** Twenty-five rows fill a few phone screens without a long download on a slow network. */
export const PAGE_SIZE = 25;

/** Admin lists change while an operator watches them (a sign-in code arriving), so they are fresh for 30 s only. */
export const FRESH_MS = 30_000;

/** A paged admin list: cursor paging, fresh for 30 s, the last list kept on screen while a new filter loads. */
export const pages = <T>(key: readonly unknown[], path: string, params: Record<string, string | number | undefined>) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<T>>(`${path}${toSearch({ ...params, limit: PAGE_SIZE, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.nextCursor ?? undefined,
    staleTime: FRESH_MS,
    refetchOnMount: true,
    // A new search or filter keeps the last list on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
