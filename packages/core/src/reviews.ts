import { z } from 'zod';
import { pageSchema } from './page.ts';

/** The longest review a customer writes: a few sentences, read on a phone. */
export const REVIEW_BODY_MAX = 500;
export const REVIEW_PAGE_LIMIT = 20;

/** What a customer who received the product writes: 1 to 5 stars and, if they like, a few words. */
export const reviewInputSchema = z.strictObject({
  rating: z.int().min(1).max(5),
  body: z.string().trim().max(REVIEW_BODY_MAX).default(''),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  rating: z.int().min(1).max(5),
  body: z.string(),
  /** The reviewer as other shoppers see them: first name and the initial of the last (Akello B.). */
  reviewer: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** How a product is rated: the mean of its stars to one decimal (null with no reviews), and how many at each star. */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.int(),
  stars: z.tuple([z.int(), z.int(), z.int(), z.int(), z.int()]),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewPageSchema = pageSchema(reviewSchema).extend({ summary: ratingSummarySchema });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** The signed-in customer's own review of a product, and whether they may write one (they received it). */
export const myReviewSchema = z.object({ canReview: z.boolean(), review: reviewSchema.nullable() });
export type MyReview = z.infer<typeof myReviewSchema>;

export const reviewListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_LIMIT).default(REVIEW_PAGE_LIMIT),
  cursor: z.string().max(300).optional(),
});

/** "Akello Brenda Nankya" → "Akello N."; one name stays whole. A review never shows a full name. */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/u).filter(Boolean);
  const first = parts[0] ?? '';
  if (parts.length < 2) return first;
  const last = [...parts.at(-1)!][0]!;
  return `${first} ${last.toLocaleUpperCase()}.`;
}

/** The summary of a list of star counts (index 0 is one star). */
export function ratingSummary(stars: RatingSummary['stars']): RatingSummary {
  const count = stars.reduce((sum, n) => sum + n, 0);
  const total = stars.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { average: count === 0 ? null : Math.round((total / count) * 10) / 10, count, stars };
}
