import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';

/** A paged list's query: fetched again from the top; busy while that refetch (not a next page) runs. */
type RefreshableList = {
  isRefetching: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
};

export function RefreshButton({ query }: { query: RefreshableList }) {
  const { t } = useTranslation();
  const busy = query.isRefetching && !query.isFetchingNextPage && !query.isPlaceholderData;
  return (
    <Button variant="secondary" disabled={busy} aria-busy={busy} onClick={() => void query.refetch()}>
      {busy ? t('admin.refreshing') : t('admin.refresh')}
    </Button>
  );
}
