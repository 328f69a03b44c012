import {
  ratingSummary,
  reviewerName,
  type MyReview,
  type RatingSummary,
  type Review,
  type ReviewInput,
  type ReviewPage,
} from '@ecogrid/core/reviews';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { productReviews } from '#src/db/schema/catalog.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { after, toPage, type PageQuery } from '#src/platform/pagination.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { hasReceivedProduct } from '#src/features/orders/orders.service.ts';
import { getProduct } from './catalog.service.ts';

type ReviewRow = typeof productReviews.$inferSelect;

const toReview = (row: ReviewRow, names: Map<string, { name: string }>): Review => ({
  id: row.id,
  rating: row.rating,
  body: row.body,
  reviewer: reviewerName(names.get(row.userId)?.name ?? ''),
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

async function summaryOf(db: Database, productId: string): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: productReviews.rating, n: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(eq(productReviews.productId, productId))
    .groupBy(productReviews.rating);
  const stars: RatingSummary['stars'] = [0, 0, 0, 0, 0];
  for (const row of rows) stars[row.rating - 1] = row.n;
  return ratingSummary(stars);
}

/** A product's reviews, newest first, one page, with how it is rated over all of them. */
export async function listReviews(db: Database, productId: string, page: PageQuery): Promise<ReviewPage> {
  await getProduct(db, productId);
  const rows = await db
    .select()
    .from(productReviews)
    .where(
      and(eq(productReviews.productId, productId), after(productReviews.createdAt, productReviews.id, page.cursor)),
    )
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(page.limit + 1);
  const [names, summary] = await Promise.all([
    userSummaries(
      db,
      rows.map((row) => row.userId),
    ),
    summaryOf(db, productId),
  ]);
  return { ...toPage(rows, page.limit, (row) => toReview(row, names)), summary };
}

async function ownRow(db: Database, productId: string, userId: string) {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)));
  return row;
}

/** The customer's own review of the product, and whether they may write one. */
export async function myReview(db: Database, productId: string, userId: string): Promise<MyReview> {
  await getProduct(db, productId);
  const [canReview, row, names] = await Promise.all([
    hasReceivedProduct(db, userId, productId),
    ownRow(db, productId, userId),
    userSummaries(db, [userId]),
  ]);
  return { canReview, review: row ? toReview(row, names) : null };
}

/**
 * Writes the customer's review, or changes the one they wrote: only a customer who received the
 * product (an order of theirs with it was delivered) reviews it.
 */
export async function saveReview(db: Database, productId: string, userId: string, input: ReviewInput) {
  await getProduct(db, productId);
  if (!(await hasReceivedProduct(db, userId, productId))) {
    throw new AppError(
      'not_a_buyer',
      'Only a customer who has received this product can review it: once your order is delivered, you can.',
      403,
    );
  }
  const [row] = await db
    .insert(productReviews)
    .values({ productId, userId, rating: input.rating, body: input.body })
    .onConflictDoUpdate({
      target: [productReviews.productId, productReviews.userId],
      set: { rating: input.rating, body: input.body, updatedAt: sql`now()` },
    })
    .returning();
  const created = row!.createdAt === row!.updatedAt;
  return { review: toReview(row!, await userSummaries(db, [userId])), created };
}

/** Takes the customer's review back; 404 when they have none. */
export async function deleteReview(db: Database, productId: string, userId: string): Promise<void> {
  await getProduct(db, productId);
  const gone = await db
    .delete(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)))
    .returning({ id: productReviews.id });
  if (gone.length === 0) throw notFound('You have not reviewed this product.');
}
