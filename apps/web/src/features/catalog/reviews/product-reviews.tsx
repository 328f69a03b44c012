import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { useFormats } from '@/lib/formats.ts';
import { reviewsQuery } from './api.ts';
import { MyReviewForm } from './review-form.tsx';
import { Stars } from './stars.tsx';

/**
 * A product's reviews: its rating (the mean of the stars and how many), what customers who
 * received it wrote, newest first, and, for one of them signed in, their own review to write,
 * change or take back.
 */
export function ProductReviews({ productId, signedIn }: { productId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const { date } = useFormats();
  const query = useInfiniteQuery(reviewsQuery(productId));
  const summary = query.data?.pages[0]?.summary;
  const reviews = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="reviews-title" className="space-y-3">
      <h2 id="reviews-title" className="text-lg font-semibold">
        {t('reviews.title')}
      </h2>
      {query.isPending && <p role="status">{t('reviews.loading')}</p>}
      {query.isError && <FormAlert>{t('reviews.loadFailed')}</FormAlert>}
      {summary && (
        <p className="flex flex-wrap items-center gap-2">
          {summary.average !== null && <Stars rating={summary.average} className="h-5 w-5" />}
          <span>
            {summary.average === null
              ? t('reviews.none')
              : t('reviews.summary', { average: summary.average, count: summary.count })}
          </span>
        </p>
      )}
      {signedIn && <MyReviewForm productId={productId} />}
      {reviews.length > 0 && (
        <ul className="divide-y divide-stone-200" aria-label={t('reviews.listLabel')}>
          {reviews.map((review) => (
            <li key={review.id} className="space-y-1 py-3">
              <p className="flex flex-wrap items-center gap-x-2">
                <Stars rating={review.rating} />
                <span className="font-medium">{t('reviews.stars', { count: review.rating })}</span>
              </p>
              {review.body && <p className="[overflow-wrap:anywhere]">{review.body}</p>}
              <p className="text-sm text-stone-600">
                {t('reviews.byOn', { name: review.reviewer, date: date(review.createdAt) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? t('reviews.loadingMore') : t('reviews.more')}
        </Button>
      )}
    </section>
  );
}
