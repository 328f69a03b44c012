import { REVIEW_BODY_MAX, type Review } from '@ecogrid/core/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { deleteReview, myReviewQuery, refreshReviews, saveReview } from './api.ts';
import { choiceClass } from '@/components/ui/choice.ts';

/** The signed-in customer's review: a form once they have received the product, else why not yet. */
export function MyReviewForm({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const mine = useQuery(myReviewQuery(productId));
  if (!mine.data) return null;
  if (!mine.data.canReview) return <p className="text-stone-700">{t('reviews.afterDelivery')}</p>;
  // Keyed by the saved review, so the fields start from what was saved each time it changes.
  return <ReviewFields key={mine.data.review?.updatedAt ?? 'new'} productId={productId} saved={mine.data.review} />;
}

function ReviewFields({ productId, saved }: { productId: string; saved: Review | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(saved?.rating ?? 0);
  const [body, setBody] = useState(saved?.body ?? '');
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () => saveReview(productId, { rating, body }),
    onSuccess: async () => {
      await refreshReviews(queryClient, productId);
      void showToast(t(saved ? 'reviews.changed' : 'reviews.thanks'), { kind: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteReview(productId),
    onSuccess: async () => {
      await refreshReviews(queryClient, productId);
      void showToast(t('reviews.removed'), { kind: 'success' });
    },
  });
  const failure = save.error ?? remove.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(rating === 0);
    if (rating > 0) save.mutate();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-stone-200 p-3"
      aria-busy={save.isPending}
    >
      <fieldset aria-describedby={missing ? 'rating-missing' : undefined}>
        <legend className="font-medium">{t(saved ? 'reviews.yours' : 'reviews.write')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={choiceClass(rating === n)}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="h-5 w-5 accent-brand-800"
              />
              <span className="font-medium">{t('reviews.stars', { count: n })}</span>
            </label>
          ))}
        </div>
        {missing && (
          <p id="rating-missing" className="mt-1 text-sm text-red-800">
            {t('reviews.pickStars')}
          </p>
        )}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="review-words" className="block font-medium">
          {t('reviews.words')}
        </label>
        <textarea
          id="review-words"
          value={body}
          maxLength={REVIEW_BODY_MAX}
          rows={3}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby="review-count"
          className="block w-full rounded-lg border border-stone-400 p-2"
        />
        <p id="review-count" className="text-sm text-stone-600">
          {t('reviews.left', { count: REVIEW_BODY_MAX - body.length })}
        </p>
      </div>
      {failure && <FormAlert>{failure instanceof ApiError ? failure.message : t('reviews.saveFailed')}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('reviews.saving') : t('reviews.save')}
        </Button>
        {saved && (
          <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? t('reviews.removing') : t('reviews.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
