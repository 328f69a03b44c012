import { deliveryFee, FREE_DELIVERY } from '@ecogrid/core/orders';
import { defaultNetwork } from '@ecogrid/core/payments';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { checkoutCartQuery, checkoutOptionsQuery, walletQuery } from './api.ts';
import {
  checkoutBody,
  fieldElementId,
  firstInvalid,
  useCheckoutCheck,
  type CheckoutErrors,
  type CheckoutForm,
} from './checkout-form.ts';
import { AddressFields } from './components/address-fields.tsx';
import { CheckoutSummary } from './components/checkout-summary.tsx';
import { ListSkeleton } from './components/list-skeleton.tsx';
import { FulfilmentChoice } from './components/fulfilment-choice.tsx';
import { OrderPlaced } from './components/order-placed.tsx';
import { PickupPoints } from './components/pickup-points.tsx';
import { paymentBlock, PayWith } from './components/pay-with.tsx';
import { usePlaceOrder } from './use-place-order.ts';

const EMPTY_FORM: CheckoutForm = {
  fulfilment: 'delivery',
  address: { district: null, subCounty: null, village: null, directions: '' },
  pickupPointId: '',
  payment: 'wallet',
  number: { phone: '', network: 'mtn', networkChosen: false },
};

function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /checkout: the cart's cash lines, delivered (district → sub-county → village) or collected at
 * a pickup point, paid from the wallet or by mobile money. The order is sent with an
 * Idempotency-Key kept for a retry of the same attempt. Paid from the wallet, the order page
 * opens; by mobile money, this page waits for the approval on the phone.
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const cart = useQuery(checkoutCartQuery);
  const options = useQuery(checkoutOptionsQuery);
  const wallet = useQuery(walletQuery);
  const check = useCheckoutCheck();
  const [edits, setEdits] = useState<Partial<CheckoutForm>>({});
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const { mutation: place, placed, place: send } = usePlaceOrder();

  const lines = cart.data?.lines.filter((line) => line.paymentMode === 'cash') ?? [];
  const subtotal = cart.data?.cashTotal ?? 0;
  const rule = options.data?.deliveryFee ?? FREE_DELIVERY;
  // What the customer has not touched follows what loaded: the wallet when it covers the order
  // (else mobile money), and the account's number with its network.
  const phone = wallet.data?.phone ?? null;
  const fulfilment = edits.fulfilment ?? EMPTY_FORM.fulfilment;
  const form: CheckoutForm = {
    ...EMPTY_FORM,
    payment:
      wallet.data && wallet.data.balance < subtotal + deliveryFee(rule, subtotal, fulfilment)
        ? 'mobile_money'
        : 'wallet',
    number: { phone: localPhone(phone), network: defaultNetwork(phone), networkChosen: false },
    ...edits,
  };
  const change = (changes: Partial<CheckoutForm>) => setEdits((old) => ({ ...old, ...changes }));

  if (placed) {
    return (
      <section className="mx-auto max-w-2xl space-y-4 p-4" aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="text-2xl font-bold">
          {t('pages.checkout')}
        </h1>
        <OrderPlaced placed={placed} />
      </section>
    );
  }

  const loading = cart.isPending || options.isPending;
  const failed = cart.isError ? cart : options.isError ? options : null;
  const points = options.data?.pickupPoints ?? [];
  const fee = deliveryFee(rule, subtotal, form.fulfilment);
  const total = subtotal + fee;
  const block = paymentBlock(form.payment, total, wallet.data?.balance);
  const busy = place.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (block || busy) return;
    const checked = check(checkoutBody(form));
    if (!checked.ok) {
      setErrors(checked.errors);
      const field = firstInvalid(checked.errors);
      if (field) document.getElementById(fieldElementId(field, form, points[0]?.id))?.focus();
      return;
    }
    setErrors({});
    send(checked.body);
  };

  return (
    <section className="mx-auto max-w-2xl space-y-6 p-4" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="text-2xl font-bold">
        {t('pages.checkout')}
      </h1>
      {loading ? (
        <ListSkeleton label={t('checkout.loading')} count={2} />
      ) : failed ? (
        <div className="space-y-2">
          <FormAlert>{failed.error?.message}</FormAlert>
          <Button variant="secondary" onClick={() => void failed.refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : lines.length === 0 || lines.some((line) => line.problem) ? (
        <div role="status" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 text-center">
          <p className="text-lg">{lines.length === 0 ? t('checkout.nothingToPay') : t('checkout.fixCart')}</p>
          <Link to="/cart" className={buttonClass()}>
            {t('checkout.backToCart')}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-6" aria-busy={busy}>
          <Step id="summary-title" title={t('checkout.summaryTitle')}>
            <CheckoutSummary
              lines={lines}
              subtotal={subtotal}
              fee={fee}
              rule={rule}
              delivery={form.fulfilment === 'delivery'}
            />
          </Step>
          <Step id="fulfilment-title" title={t('checkout.fulfilmentTitle')}>
            <FulfilmentChoice
              value={form.fulfilment}
              onChange={(fulfilment) => change({ fulfilment })}
              disabled={busy}
            />
            {form.fulfilment === 'delivery' ? (
              <AddressFields
                value={form.address}
                onChange={(address) => change({ address })}
                errors={errors}
                disabled={busy}
              />
            ) : (
              <PickupPoints
                points={points}
                value={form.pickupPointId}
                onChange={(pickupPointId) => change({ pickupPointId })}
                error={errors.pickupPoint}
                disabled={busy}
              />
            )}
          </Step>
          <Step id="pay-title" title={t('checkout.payTitle')}>
            <PayWith
              total={total}
              wallet={wallet}
              method={form.payment}
              onMethod={(payment) => change({ payment })}
              number={form.number}
              onNumber={(number) => change({ number })}
              errors={errors}
              disabled={busy}
            />
          </Step>
          {place.isError && (
            <div className="space-y-2">
              <FormAlert>{place.error.message}</FormAlert>
              {place.error instanceof ApiError && place.error.code === 'insufficient_funds' && (
                <Link
                  to="/customer/wallet"
                  className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
                >
                  {t('checkout.pay.topUp')}
                </Link>
              )}
            </div>
          )}
          <Button
            type="submit"
            className="w-full sm:w-auto"
            disabled={busy || Boolean(block)}
            aria-busy={busy}
            aria-describedby={block ? 'payment-block' : undefined}
          >
            {busy ? t('checkout.placing') : t('checkout.place', { total: formatUgx(total) })}
          </Button>
        </form>
      )}
    </section>
  );
}
