import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';

type Props = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** The next page of a list, fetched with the cursor the last page gave. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: Props) {
  const { t } = useTranslation();
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
      >
        {isFetchingNextPage ? t('admin.loadingMore') : t('admin.loadMore')}
      </Button>
    </div>
  );
}
