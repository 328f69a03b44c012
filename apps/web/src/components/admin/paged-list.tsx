import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@/lib/paged-query.ts';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { LoadMore } from '@/components/admin/load-more.tsx';
import { RefreshButton } from '@/components/admin/refresh-button.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The list's accessible name. */
  label: string;
  /** Said to screen readers while the first page loads. */
  loadingLabel: string;
  /** Shown when the list (with its filters) is empty. */
  emptyText: string;
  /**
   * Said above the list: how many rows are loaded (given the count), or by default nothing; while
   * a changed filter's answer is awaited, that it is searching.
   */
  shown?: (loaded: number) => string;
  /** Shown above the list instead (a page with its own words). */
  summary?: ReactNode;
  /** A Refresh button above the list. */
  refresh?: boolean;
  listClassName?: string;
  children: (item: T) => ReactNode;
};

/**
 * A newest-first list read one page at a time: skeletons while the first page loads, the
 * server's message when it fails, an empty line, or the rows with "Load more".
 */
export function PagedList<T>({ refresh = false, ...props }: Props<T>) {
  if (!refresh) return <Rows {...props} />;
  return (
    <>
      <div className="flex justify-end">
        <RefreshButton query={props.query} />
      </div>
      <Rows {...props} />
    </>
  );
}

function Rows<T>({
  query,
  label,
  loadingLabel,
  emptyText,
  shown,
  summary,
  listClassName = 'space-y-3',
  children,
}: Omit<Props<T>, 'refresh'>) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const status = query.isPlaceholderData ? t('admin.searching') : (shown?.(items.length) ?? '');
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
      {summary ?? (
        <p role="status" className="text-sm text-stone-700 empty:hidden">
          {status}
        </p>
      )}
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
