import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { formatUgx } from '@/lib/money.ts';
import { kycQuery } from '@/lib/shared-queries.ts';
import { cartQuery, type CartLine } from './api.ts';
import { CartLineItem } from './components/cart-line.tsx';
import { ClearCart } from './components/clear-cart.tsx';

const ownKycQuery = kycQuery('/api/kyc');

function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div>
      <p role="status" className="sr-only">
        {t('cart.loading')}
      </p>
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1].map((i) => (
          <li key={i} className="flex animate-pulse gap-3 rounded-lg border border-stone-200 bg-white p-3">
            <div className="h-20 w-20 rounded-lg bg-stone-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-3/4 rounded bg-stone-200" />
              <div className="h-4 w-1/3 rounded bg-stone-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Cash or credit lines under their heading, with their total and what to know about them. */
function Section({
  id,
  title,
  lines,
  total,
  children,
}: {
  id: string;
  title: string;
  lines: CartLine[];
  total: { label: string; amount: number; testId: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="space-y-3">
        {lines.map((line) => (
          <CartLineItem key={line.id} line={line} />
        ))}
      </ul>
      <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <p className="flex items-baseline justify-between gap-2 text-lg font-semibold">
          <span>{total.label}</span>
          <span className="tabular-nums" data-testid={total.testId}>
            {formatUgx(total.amount)}
          </span>
        </p>
        {children}
      </div>
    </section>
  );
}

/** The way to checkout, for the cash and the credit lines together, or why it is closed (a line with a problem). */
function CheckoutLink({ lines }: { lines: CartLine[] }) {
  const { t } = useTranslation();
  return lines.some((line) => line.problem) ? (
    <div className="space-y-2">
      <Button className="w-full sm:w-auto" disabled aria-describedby="checkout-blocked">
        {t('cart.checkout')}
      </Button>
      <p id="checkout-blocked" className="text-sm font-medium text-stone-800">
        {t('cart.checkoutBlocked')}
      </p>
    </div>
  ) : (
    <Link to="/checkout" className={buttonClass('primary', 'w-full sm:w-auto')}>
      {t('cart.checkout')}
    </Link>
  );
}

/**
 * What the customer's identity check means for credit, read from the check itself: verified,
 * being reviewed, or the way to do it. Nothing while it loads or cannot be read.
 */
function KycNote() {
  const { t } = useTranslation();
  const kyc = useQuery(ownKycQuery);
  if (!kyc.data) return null;
  if (kyc.data.status === 'verified') return <>{t('cart.creditKycVerified')}</>;
  if (kyc.data.status === 'submitted') return <>{t('cart.creditKycSubmitted')}</>;
  return (
    <Link to="/kyc?next=/cart" className="font-medium text-brand-800 underline">
      {t('cart.creditKyc')}
    </Link>
  );
}

/**
 * /cart: cash lines (paid at checkout) and credit lines (pay-as-you-go: a plan for each is chosen
 * at checkout) in their own sections with their totals, and one checkout for both; quantities,
 * removal, emptying the cart.
 */
export default function CartPage() {
  const { t } = useTranslation();
  const cart = useQuery(cartQuery);
  const cash = cart.data?.lines.filter((line) => line.paymentMode === 'cash') ?? [];
  const credit = cart.data?.lines.filter((line) => line.paymentMode === 'loan') ?? [];

  return (
    <section className="mx-auto max-w-2xl space-y-6 p-4" aria-labelledby="cart-title">
      <h1 id="cart-title" tabIndex={-1} className="text-2xl font-bold">
        {t('pages.cart')}
      </h1>
      {cart.isPending ? (
        <CartSkeleton />
      ) : cart.isError ? (
        <div className="space-y-2">
          <FormAlert>{cart.error.message}</FormAlert>
          <Button variant="secondary" onClick={() => void cart.refetch()}>
            {t('cart.retry')}
          </Button>
        </div>
      ) : cart.data.lines.length === 0 ? (
        <div role="status" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 text-center">
          <p className="text-lg">{t('cart.empty')}</p>
          <Link to="/marketplace" className={buttonClass()}>
            {t('cart.browse')}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-stone-700" aria-live="polite">
            {t('cart.count', { count: cart.data.count })}
          </p>
          {cash.length > 0 && (
            <Section
              id="cash-title"
              title={t('cart.cashTitle')}
              lines={cash}
              total={{ label: t('cart.cashTotal'), amount: cart.data.cashTotal, testId: 'cash-total' }}
            >
              <p className="text-sm text-stone-600">{t('cart.totalNote')}</p>
            </Section>
          )}
          {credit.length > 0 && (
            <Section
              id="credit-title"
              title={t('cart.creditTitle')}
              lines={credit}
              total={{ label: t('cart.creditTotal'), amount: cart.data.loanTotal, testId: 'credit-total' }}
            >
              <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
                {t('cart.creditNote')} <KycNote />
              </p>
            </Section>
          )}
          <CheckoutLink lines={cart.data.lines} />
          <ClearCart count={cart.data.count} />
        </>
      )}
    </section>
  );
}
