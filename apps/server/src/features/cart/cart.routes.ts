import { addToCartSchema, cartSchema, setCartQuantitySchema } from '@ecogrid/core/orders';
import { uuidSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { unauthenticated } from '#src/platform/route-helpers.ts';
import { addToCart, clearCart, getCart, removeCartLine, setCartQuantity } from './cart.service.ts';

const cart = { content: { 'application/json': { schema: cartSchema.openapi('Cart') } } };
const lineParams = z.object({ id: uuidSchema('cart line id') });
const refused = {
  400: errorResponse('The body is not valid (a message names the problem)'),
  422: errorResponse('The product is not sold, not on credit, out of stock, or the quantity is too large'),
};

const getRoute = createRoute({
  method: 'get',
  operationId: 'getCart',
  path: '/cart',
  tags: ['cart'],
  summary: "Your cart: lines with each product's name, price and picture, and the totals by payment mode",
  responses: { 200: { description: 'The cart', ...cart }, ...unauthenticated },
});

const addRoute = createRoute({
  method: 'post',
  operationId: 'addCartItem',
  path: '/cart/items',
  tags: ['cart'],
  summary: 'Add a product: the same product and payment mode adds to its line, otherwise a new line',
  request: { body: { required: true, content: { 'application/json': { schema: addToCartSchema } } } },
  responses: { 201: { description: 'The cart after adding', ...cart }, ...unauthenticated, ...refused },
});

const setRoute = createRoute({
  method: 'patch',
  operationId: 'updateCartItem',
  path: '/cart/items/{id}',
  tags: ['cart'],
  summary: 'Set the quantity of a line; 0 or less removes the line',
  request: {
    params: lineParams,
    body: { required: true, content: { 'application/json': { schema: setCartQuantitySchema } } },
  },
  responses: {
    200: { description: 'The cart after the change', ...cart },
    ...unauthenticated,
    ...refused,
    404: errorResponse('No such line in your cart'),
  },
});

const removeRoute = createRoute({
  method: 'delete',
  operationId: 'removeCartItem',
  path: '/cart/items/{id}',
  tags: ['cart'],
  summary: 'Remove one line',
  request: { params: lineParams },
  responses: {
    200: { description: 'The cart after the change', ...cart },
    400: errorResponse('The id is not a UUID'),
    ...unauthenticated,
    404: errorResponse('No such line in your cart'),
  },
});

const clearRoute = createRoute({
  method: 'delete',
  operationId: 'clearCart',
  path: '/cart',
  tags: ['cart'],
  summary: 'Empty the cart',
  responses: { 200: { description: 'The empty cart', ...cart }, ...unauthenticated },
});

export const cartRoutes = createRouter()
  .openapi(getRoute, async (c) => c.json(await getCart(c.var.db, signedInUserId(c.var.user)), 200))
  .openapi(addRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await addToCart(c.var.db, userId, c.req.valid('json')), 201);
  })
  .openapi(setRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const { quantity } = c.req.valid('json');
    return c.json(await setCartQuantity(c.var.db, userId, c.req.valid('param').id, quantity), 200);
  })
  .openapi(removeRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await removeCartLine(c.var.db, userId, c.req.valid('param').id), 200);
  })
  .openapi(clearRoute, async (c) => c.json(await clearCart(c.var.db, signedInUserId(c.var.user)), 200));
