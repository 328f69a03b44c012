import { myReviewSchema, reviewInputSchema, reviewListQuerySchema, reviewPageSchema } from '@ecogrid/core/reviews';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, requireSignedIn, signedInUserId } from '#src/platform/http.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { deleteReview, listReviews, myReview, saveReview } from './reviews.ts';

const params = z.object({
  id: z.uuid({ error: 'Invalid product id: it must be a UUID such as 0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b' }),
});
const myReviewAnswer = json(myReviewSchema, 'Your review (null when you have none) and whether you may write one');

const listRoute = createRoute({
  method: 'get',
  operationId: 'listProductReviews',
  security: [],
  path: '/products/{id}/reviews',
  tags: ['catalog'],
  summary: "A product's reviews, newest first, with its average rating and the count at each star",
  request: { params, query: reviewListQuerySchema },
  responses: {
    200: json(reviewPageSchema, 'One page of reviews and the rating over all of them'),
    400: errorResponse('The id is not a UUID, or the limit or cursor is not valid'),
    404: errorResponse('No active product has this id'),
  },
});

const mineRoute = createRoute({
  method: 'get',
  operationId: 'getMyProductReview',
  path: '/products/{id}/reviews/mine',
  tags: ['catalog'],
  summary: 'Your review of a product, and whether you may write one (you have received it)',
  middleware: [requireSignedIn] as const,
  request: { params },
  responses: {
    200: myReviewAnswer,
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
    404: errorResponse('No active product has this id'),
  },
});

const saveRoute = createRoute({
  method: 'put',
  operationId: 'saveMyProductReview',
  path: '/products/{id}/reviews/mine',
  tags: ['catalog'],
  summary: 'Write or change your review of a product you have received (1 to 5 stars, up to 500 characters)',
  middleware: [requireSignedIn] as const,
  request: { params, ...body(reviewInputSchema) },
  responses: {
    200: json(myReviewSchema, 'Your review, changed'),
    201: json(myReviewSchema, 'Your review, written'),
    400: errorResponse('The id, the stars or the words are not valid'),
    ...unauthenticated,
    403: errorResponse('You have not received this product (not_a_buyer)'),
    404: errorResponse('No active product has this id'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  operationId: 'deleteMyProductReview',
  path: '/products/{id}/reviews/mine',
  tags: ['catalog'],
  summary: 'Take back your review of a product',
  middleware: [requireSignedIn] as const,
  request: { params },
  responses: {
    200: myReviewAnswer,
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
    404: errorResponse('No active product has this id, or you have not reviewed it'),
  },
});

/** Reviews of products: anyone reads them; a customer who received the product writes one. */
export const reviewRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    return c.json(await listReviews(c.var.db, c.req.valid('param').id, c.req.valid('query')), 200);
  })
  .openapi(mineRoute, async (c) =>
    c.json(await myReview(c.var.db, c.req.valid('param').id, signedInUserId(c.var.user)), 200),
  )
  .openapi(saveRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const productId = c.req.valid('param').id;
    const { review, created } = await saveReview(c.var.db, productId, userId, c.req.valid('json'));
    return c.json({ canReview: true, review }, created ? 201 : 200);
  })
  .openapi(deleteRoute, async (c) => {
    const productId = c.req.valid('param').id;
    await deleteReview(c.var.db, productId, signedInUserId(c.var.user));
    return c.json({ canReview: true, review: null }, 200);
  });
