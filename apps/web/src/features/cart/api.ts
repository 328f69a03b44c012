import type { Cart, PaymentMode } from '@ecogrid/core/orders';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError, apiFetch } from '@/lib/api-client.ts';
import { outcomeUnknown } from '@/lib/idempotency.ts';

export type { Cart, CartLine, PaymentMode } from '@ecogrid/core/orders';

/**
 * The signed-in shopper's cart, checked again on a visit after 30 s (stock and prices change
 * while it sits in the cache). The header's badge (cart-badge.tsx) asks for the same key.
 */
export const cartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: ({ signal }) => apiFetch<Cart>('/api/cart', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
});

/**
 * The most of one product a line may hold: MAX_LINE_QUANTITY in core, kept here as a number
 * because core's orders module carries zod, which the product page should not download
 * (a test checks the two agree).
 */
export const MAX_QUANTITY = 50;

const send = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: object) =>
  apiFetch<Cart>(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
const line = (id: string) => `/api/cart/items/${encodeURIComponent(id)}`;

export const addToCart = (input: { productId: string; quantity?: number; paymentMode: PaymentMode }) =>
  send('/api/cart/items', 'POST', input);
/** 0 or less removes the line (spec section 4). */
export const setLineQuantity = ({ id, quantity }: { id: string; quantity: number }) =>
  send(line(id), 'PATCH', { quantity });
export const removeLine = (id: string) => send(line(id), 'DELETE');
export const clearCart = () => send('/api/cart', 'DELETE');

// Setting a quantity, removing a line and emptying the cart give the same result twice, so a
// lost answer is tried once more; adding is not (a second try could add the product twice).
const retryUnknown = (failures: number, error: Error) => failures < 1 && outcomeUnknown(error);

/** The spec's cart toasts, and the server's reason under a failure's. */
function useCartToasts() {
  const { t } = useTranslation();
  return {
    done: (key: 'added' | 'removed') => void showToast(t(`cart.toast.${key}`), { kind: 'success' }),
    // A 400 is the request's form ('quantity: At most 50'), which the screen checks before
    // sending: its wording is for developers, so the toast's title says it all.
    failed: (key: 'addFailed' | 'updateFailed' | 'removeFailed' | 'clearFailed', error: Error) =>
      void showToast(
        t(`cart.toast.${key}`),
        error instanceof ApiError && error.status === 400
          ? { kind: 'error' }
          : { kind: 'error', description: error.message },
      ),
  };
}

/** Each change answers with the whole cart, which replaces the cached one (the header badge too). */
function useCartMutation<Input>(
  mutationFn: (input: Input) => Promise<Cart>,
  options: {
    retry: boolean;
    done?: (input: Input) => 'added' | 'removed' | null;
    /** After the cart is replaced and the toast raised (here rather than in mutate: the line may be gone). */
    after?: ((done: 'added' | 'removed' | null) => void) | undefined;
    failed: (input: Input) => 'addFailed' | 'updateFailed' | 'removeFailed' | 'clearFailed';
  },
) {
  const queryClient = useQueryClient();
  const toasts = useCartToasts();
  return useMutation({
    mutationFn,
    retry: options.retry ? retryUnknown : false,
    onSuccess: (cart, input) => {
      queryClient.setQueryData(cartQuery.queryKey, cart);
      const done = options.done?.(input) ?? null;
      if (done) toasts.done(done);
      options.after?.(done);
    },
    onError: (error, input) => {
      toasts.failed(options.failed(input), error);
      // The refusal may come from a cart changed elsewhere (a line gone, stock sold): show it as it is.
      void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey });
    },
  });
}

export const useAddToCart = () =>
  useCartMutation(addToCart, { retry: false, done: () => 'added', failed: () => 'addFailed' });

/** `onRemoved` runs when a quantity of 0 or less took the line away. */
export const useSetQuantity = (onRemoved?: () => void) =>
  useCartMutation(setLineQuantity, {
    retry: true,
    done: ({ quantity }) => (quantity <= 0 ? 'removed' : null),
    after: (done) => done === 'removed' && onRemoved?.(),
    failed: () => 'updateFailed',
  });

export const useRemoveLine = (onRemoved?: () => void) =>
  useCartMutation(removeLine, { retry: true, done: () => 'removed', after: onRemoved, failed: () => 'removeFailed' });

/** `onCleared` runs once the cart is empty (the page's controls are gone, so focus needs a new place). */
export const useClearCart = (onCleared?: () => void) =>
  useCartMutation(clearCart, { retry: true, after: onCleared, failed: () => 'clearFailed' });
