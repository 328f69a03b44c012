import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { walletQuery, type Payment } from './api.ts';

/**
 * A request that starts a payment (top-up or withdrawal): sent with an idempotency key that is
 * kept for a retry of the same submission; a dropped connection is tried once more with the
 * same key, a refusal stands. Once started, the payment is watched until it settles.
 */
export function useMoneyRequest<Request>(
  send: (input: { request: Request; key: string }) => Promise<Payment>,
  onWatch: (paymentId: string | null) => void,
) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const [payment, setPayment] = useState<Payment | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (started) => {
      attempt.settled();
      setPayment(started);
      onWatch(started.id);
      void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
    },
    onError: (error) => attempt.settled(error),
  });
  return {
    mutation,
    payment,
    start: (request: Request) => mutation.mutate({ request, key: attempt.keyFor(request) }),
    clear: () => setPayment(null),
  };
}
