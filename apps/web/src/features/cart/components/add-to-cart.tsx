import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useAddToCart, type PaymentMode } from '../api.ts';

type Props = {
  product: { id: string; stock: number; loanEligible: boolean };
  /** Given when nobody is signed in: the buttons ask for sign-in instead of adding. */
  onSignIn?: (() => void) | undefined;
  /** The buttons to show: cash, and credit for a pay-as-you-go product, unless the page places them apart. */
  modes?: readonly PaymentMode[];
};

/**
 * Add to cart (a cash purchase) and, for products sold on pay-as-you-go, Buy on credit (a cart
 * line in loan mode). Each says it is working while the server answers; once added, a link to
 * the cart appears and is announced.
 */
export function AddToCart({ product, onSignIn, modes = ['cash', 'loan'] }: Props) {
  const { t } = useTranslation();
  const add = useAddToCart();
  const [added, setAdded] = useState<PaymentMode | null>(null);
  const soldOut = product.stock === 0;
  const cash = modes.includes('cash');
  const credit = product.loanEligible && modes.includes('loan');
  const adding = (mode: PaymentMode) => add.isPending && add.variables.paymentMode === mode;
  const press = (paymentMode: PaymentMode) => {
    if (onSignIn) return onSignIn();
    setAdded(null);
    add.mutate({ productId: product.id, paymentMode }, { onSuccess: () => setAdded(paymentMode) });
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        {cash && (
          <Button disabled={soldOut || add.isPending} aria-busy={adding('cash')} onClick={() => press('cash')}>
            {adding('cash') ? t('cart.adding') : t('catalog.addToCart')}
          </Button>
        )}
        {credit && (
          <Button
            variant="secondary"
            disabled={soldOut || add.isPending}
            aria-busy={adding('loan')}
            aria-describedby="buy-on-credit-hint"
            onClick={() => press('loan')}
          >
            {adding('loan') ? t('cart.adding') : t('cart.buyOnCredit')}
          </Button>
        )}
      </div>
      {credit && (
        <p id="buy-on-credit-hint" className="text-sm text-stone-600">
          {t('cart.buyOnCreditHint')}
        </p>
      )}
      <p role="status" className="text-sm">
        {added && (
          <>
            {added === 'loan' ? t('cart.addedOnCredit') : t('cart.added')}{' '}
            <Link to="/cart" className="font-medium text-brand-800 underline">
              {t('cart.viewCart')}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
