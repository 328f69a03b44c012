import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth/api.ts';
import { useCreditCheckout } from '@/features/loans/use-credit-checkout.tsx';
import { checkoutCartQuery } from '@/features/orders/api.ts';
import { CheckoutPage } from '@/features/orders/checkout-page.tsx';

/** /checkout: the cart's cash lines (orders) and credit lines (loans) in one checkout. */
export default function CheckoutRoute() {
  const cart = useQuery(checkoutCartQuery);
  const session = useSession();
  const credit = useCreditCheckout(cart.data?.lines.filter((line) => line.paymentMode === 'loan') ?? []);
  return <CheckoutPage credit={credit} owner={session.data?.user.id} />;
}
