import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../api.ts';
import { AdminError } from './admin-error.tsx';
import { LoadMore } from './load-more.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The list's accessible name. */
  label: string;
  /** Said to screen readers while the first page loads. */
  loadingLabel: string;
  /** Shown when the list (with its filters) is empty. */
  emptyText: string;
  /** Shown above the list, e.g. how many rows are loaded. */
  summary?: ReactNode;
  listClassName?: string;
  children: (item: T) => ReactNode;
};

/**
 * A newest-first list read one page at a time: skeletons while the first page loads, the
 * server's message when it fails, an empty line, or the rows with "Load more".
 */
export function PagedList<T>({
  query,
  label,
  loadingLabel,
  emptyText,
  summary,
  listClassName = 'space-y-3',
  children,
}: Props<T>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <SkeletonList label={loadingLabel} />;
  if (query.isError && items.length === 0) {
    return <AdminError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <p role="status" className="py-8 text-center text-stone-700">
        {emptyText}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {summary}
      <ul aria-label={label} aria-busy={query.isFetching} className={listClassName}>
        {items.map((item) => children(item))}
      </ul>
      {query.isError && (
        <AdminError
          error={query.error}
          onRetry={() => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch())}
        />
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
    </div>
  );
}
