import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { AdminError } from './admin-error.tsx';

/**
 * What an admin screen shows for a query: placeholders (with `loadingLabel` for screen readers)
 * while it loads, the error with a way to try again, then `children` with the answer.
 */
export function AdminQuery<T>({
  query,
  loadingLabel,
  count,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  count?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SkeletonList label={loadingLabel} count={count} />;
  if (query.isError) return <AdminError error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
