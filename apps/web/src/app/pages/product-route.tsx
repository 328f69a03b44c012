import { useLocation, useNavigate } from 'react-router';
import { authPath, useSession } from '@/features/auth/api.ts';
import { AddToCart } from '@/features/cart/components/add-to-cart.tsx';
import { ProductPage } from '@/features/catalog/product-page.tsx';
import { BuyOnCredit } from '@/features/loans/components/buy-on-credit.tsx';

/**
 * Product detail with Add to cart, the shopper's own review when signed in, and Buy on credit with the plans' terms for a product sold on
 * pay-as-you-go: signed-out shoppers sign in first and come back here.
 */
export default function ProductRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = session.data ? undefined : () => void navigate(authPath(location.pathname));
  return (
    <ProductPage
      signedIn={Boolean(session.data)}
      actions={(product) => (
        <div className="space-y-4">
          <AddToCart product={product} onSignIn={signIn} modes={['cash']} />
          <BuyOnCredit product={product}>
            <AddToCart product={product} onSignIn={signIn} modes={['loan']} />
          </BuyOnCredit>
        </div>
      )}
    />
  );
}
