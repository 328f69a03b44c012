import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '@/components/ui/toast.tsx';
import { authPath, useSession } from '@/features/auth/api.ts';
import { ProductPage } from '@/features/catalog/product-page.tsx';

/** Product detail with Add to cart: signed-out shoppers sign in first and come back here. */
export default function ProductRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const addToCart = () => {
    if (!session.data) {
      void navigate(authPath(location.pathname));
      return;
    }
    void showToast(t('catalog.cartNotAvailable'));
  };
  return <ProductPage onAddToCart={addToCart} />;
}
