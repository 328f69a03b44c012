import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { orderQuery, placeOrder, walletQuery, type Checkout, type Order } from './api.ts';
import type { OrderPageState } from './order-page.tsx';

/**
 * Placing the order: sent with an Idempotency-Key kept for a retry of the same attempt (a lost
 * answer is tried once more with it; a refusal stands, and the next submission is a new attempt).
 * Paid at once (wallet) or to be paid on delivery, the order page opens; waiting for mobile money, `placed` holds the order;
 * with credit lines to send after it, the credit part goes on instead.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const [placed, setPlaced] = useState<Order | null>(null);
  const mutation = useMutation({
    mutationFn: ({ checkout, key }: { checkout: Checkout; key: string; then?: ((order: Order) => void) | undefined }) =>
      placeOrder({ checkout, key }),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: ({ order }, { then }) => {
      attempt.settled();
      queryClient.setQueryData(orderQuery(order.id).queryKey, order);
      // The cash lines left the cart, the order joined the list, the wallet may have paid.
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      if (then) then(order);
      else if (order.status === 'pending_payment' && !order.payOnDelivery) setPlaced(order);
      else {
        // Paid, or to be paid on delivery: the order's page says which.
        const state: OrderPageState = { placed: true, onDelivery: order.payOnDelivery !== null };
        void navigate(`/my-orders/${encodeURIComponent(order.id)}`, { state });
      }
    },
    onError: (error) => {
      attempt.settled(error);
      // Stock sold meanwhile, or the balance moved: show them as they are now.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['cart'] });
      if (error instanceof ApiError && error.code === 'insufficient_funds') {
        void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
      }
    },
  });
  return {
    mutation,
    placed,
    /** `then`: what follows the order (the credit part), instead of showing its payment or its page. */
    place: (checkout: Checkout, then?: (order: Order) => void) =>
      mutation.mutate({ checkout, key: attempt.keyFor(checkout), then }),
  };
}
