import { deliveryFee, FREE_DELIVERY } from '@ecogrid/core/orders';
import { defaultNetwork } from '@ecogrid/core/payments';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { Part } from '@/components/ui/part.tsx';
import { paymentBlock, paymentBlockId, PayWith, TopUpLink } from '@/components/ui/pay-with.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { checkoutCartQuery, checkoutOptionsQuery, walletQuery } from './api.ts';
import {
  checkoutBody,
  fieldElementId,
  firstInvalid,
  NO_CREDIT,
  useCheckoutCheck,
  type CheckoutErrors,
  type CheckoutForm,
  type CreditPart,
} from './checkout-form.ts';
import { AddressFields } from './components/address-fields.tsx';
import { CheckoutSummary } from './components/checkout-summary.tsx';
import { DueNow } from './components/due-now.tsx';
import { FulfilmentChoice } from './components/fulfilment-choice.tsx';
import { OrderPlaced } from './components/order-placed.tsx';
import {
  OnDeliveryBlock,
  onDeliveryBlock,
  ON_DELIVERY_BLOCK_ID,
  PayOnDeliveryChoice,
} from './components/pay-on-delivery-choice.tsx';
import { PickupPoints } from './components/pickup-points.tsx';
import { lastDelivery, rememberDelivery } from './last-delivery.ts';
import { usePlaceOrder } from './use-place-order.ts';

const EMPTY_FORM: CheckoutForm = {
  fulfilment: 'delivery',
  address: { district: null, subCounty: null, village: null, directions: '' },
  pickupPointId: '',
  payment: 'wallet',
  number: { phone: '', network: 'mtn', networkChosen: false },
};

const sumOf = (amounts: readonly number[]) => amounts.reduce((sum, amount) => sum + amount, 0);

function Step(props: { id: string; title: string; children: ReactNode }) {
  return <Part {...props} className="space-y-3" />;
}

/**
 * /checkout: the cart's cash lines and, given `credit`, its credit lines (each on its plan, with
 * its terms accepted), delivered (district → sub-county → village) or collected at a pickup
 * point, paid from the wallet or by mobile money. The order is sent with an Idempotency-Key kept
 * for a retry of the same attempt, then the credit application. Paid from the wallet, the order
 * page opens; by mobile money, this page waits for the approval on the phone; with credit lines,
 * the loan tracker opens.
 */
export function CheckoutPage({ credit = NO_CREDIT, owner }: { credit?: CreditPart; owner?: string | undefined }) {
  const { t } = useTranslation();
  const cart = useQuery(checkoutCartQuery);
  const options = useQuery(checkoutOptionsQuery);
  const wallet = useQuery(walletQuery);
  const check = useCheckoutCheck();
  // The account's last delivery address or pickup point, as the customer left it, to start from.
  const [remembered] = useState(() => lastDelivery(owner));
  const [edits, setEdits] = useState<Partial<CheckoutForm>>({});
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const { mutation: place, placed, place: send } = usePlaceOrder();

  const lines = cart.data?.lines.filter((line) => line.paymentMode === 'cash') ?? [];
  const withCredit = credit.state === 'ready';
  const subtotal = cart.data?.cashTotal ?? 0;
  const rule = options.data?.deliveryFee ?? FREE_DELIVERY;
  const feeFor = (way: CheckoutForm['fulfilment']) => (lines.length > 0 ? deliveryFee(rule, subtotal, way) : 0);
  const deposits = withCredit ? credit.deposits : [];
  // What the customer has not touched follows what loaded: the wallet when it covers what is
  // paid now (else mobile money), and the account's number with its network.
  const phone = wallet.data?.phone ?? null;
  const fulfilment = edits.fulfilment ?? remembered.fulfilment ?? EMPTY_FORM.fulfilment;
  const form: CheckoutForm = {
    ...EMPTY_FORM,
    ...remembered,
    payment:
      wallet.data && wallet.data.balance < subtotal + feeFor(fulfilment) + sumOf(deposits) ? 'mobile_money' : 'wallet',
    number: { phone: localPhone(phone), network: defaultNetwork(phone), networkChosen: false },
    ...edits,
  };
  // Paying on delivery is for a cash order alone: a loan's deposit is paid now.
  const offer = options.data?.payOnDelivery;
  const onDeliveryOffered = credit.state === 'none' && lines.length > 0 && offer !== undefined;
  if (form.payment === 'on_delivery' && !onDeliveryOffered) form.payment = EMPTY_FORM.payment;
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
  const fee = feeFor(form.fulfilment);
  const amounts = [...(lines.length > 0 ? [subtotal + fee] : []), ...deposits];
  const total = sumOf(amounts);
  const onDelivery = form.payment === 'on_delivery';
  const podBlock = onDelivery ? onDeliveryBlock(offer, total) : null;
  const block = paymentBlock(form.payment, amounts, wallet.data?.balance) ?? podBlock;
  const busy = place.isPending || credit.pending;
  // Nothing to send yet: the credit lines' plans are on their way (they go with the cash lines),
  // or there are only credit lines and the identity check keeps them back.
  const idle = credit.state === 'loading' || (lines.length === 0 && !withCredit);
  const describedBy = podBlock
    ? ON_DELIVERY_BLOCK_ID
    : block
      ? paymentBlockId('checkout')
      : idle && credit.state === 'kyc'
        ? 'credit-kyc'
        : undefined;
  const submitLabel = busy
    ? withCredit
      ? t('checkout.applying')
      : t('checkout.placing')
    : withCredit
      ? lines.length > 0
        ? t('checkout.placeAndApply', { total: formatUgx(total) })
        : t('checkout.apply', { total: formatUgx(total) })
      : onDelivery
        ? t('checkout.placeOnDelivery', { total: formatUgx(total) })
        : t('checkout.place', { total: formatUgx(total) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (block || busy || idle) return;
    // The credit lines come first on the page, so their refusals take focus first.
    const creditOk = withCredit ? credit.check() : true;
    const checked = check(checkoutBody(form));
    if (!checked.ok) {
      setErrors(checked.errors);
      const field = firstInvalid(checked.errors);
      if (field && creditOk) document.getElementById(fieldElementId(field, form, points[0]?.id))?.focus();
      return;
    }
    setErrors({});
    if (!creditOk) return;
    rememberDelivery(owner, form);
    if (lines.length === 0) credit.apply(checked.body, null);
    else send(checked.body, withCredit ? (order) => credit.apply(checked.body, order) : undefined);
  };

  // Without a credit part (no credit lines, or none supplied) the page is about the cash lines.
  const allLines = credit.state === 'none' ? lines : (cart.data?.lines ?? []);
  return (
    <section className="mx-auto max-w-2xl space-y-6 p-4" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="text-2xl font-bold">
        {t('pages.checkout')}
      </h1>
      {loading ? (
        <SkeletonList label={t('checkout.loading')} count={2} />
      ) : failed ? (
        <div className="space-y-2">
          <FormAlert>{failed.error?.message}</FormAlert>
          <Button variant="secondary" onClick={() => void failed.refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : allLines.length === 0 || allLines.some((line) => line.problem) ? (
        <div role="status" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 text-center">
          <p className="text-lg">{allLines.length === 0 ? t('checkout.nothingToPay') : t('checkout.fixCart')}</p>
          <Link to="/cart" className={buttonClass()}>
            {t('checkout.backToCart')}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-6" aria-busy={busy}>
          {lines.length > 0 && (
            <Step id="summary-title" title={t('checkout.summaryTitle')}>
              <CheckoutSummary
                lines={lines}
                subtotal={subtotal}
                fee={fee}
                rule={rule}
                delivery={form.fulfilment === 'delivery'}
              />
            </Step>
          )}
          {credit.section({ busy, cashToo: lines.length > 0 })}
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
            {withCredit && <DueNow order={lines.length > 0 ? subtotal + fee : null} deposits={sumOf(deposits)} />}
            <PayWith
              idPrefix="checkout"
              amounts={amounts}
              wallet={wallet}
              method={form.payment}
              onMethod={(payment) => change({ payment })}
              number={form.number}
              onNumber={(number) => change({ number })}
              errors={errors}
              disabled={busy}
              more={
                onDeliveryOffered &&
                offer && (
                  <PayOnDeliveryChoice
                    offer={offer}
                    pickup={form.fulfilment === 'pickup'}
                    chosen={onDelivery}
                    onChoose={() => change({ payment: 'on_delivery' })}
                  />
                )
              }
            />
            {podBlock && offer && <OnDeliveryBlock offer={offer} block={podBlock} />}
          </Step>
          {place.isError && (
            <div className="space-y-2">
              <FormAlert>{place.error.message}</FormAlert>
              {place.error instanceof ApiError && place.error.code === 'insufficient_funds' && <TopUpLink />}
            </div>
          )}
          {credit.error && (
            <div className="space-y-2">
              <FormAlert>{credit.error.message}</FormAlert>
              {place.isSuccess && (
                <p>
                  {t('checkout.orderPlacedCreditFailed', { number: place.data.order.number })}{' '}
                  <Link
                    to={`/my-orders/${encodeURIComponent(place.data.order.id)}`}
                    className="font-medium text-brand-800 underline"
                  >
                    {t('checkout.result.viewOrder', { number: place.data.order.number })}
                  </Link>
                </p>
              )}
            </div>
          )}
          <Button
            type="submit"
            className="w-full sm:w-auto"
            disabled={busy || Boolean(block) || idle}
            aria-busy={busy}
            aria-describedby={describedBy}
          >
            {submitLabel}
          </Button>
          <p role="status" aria-live="polite" className="sr-only">
            {busy ? submitLabel : ''}
          </p>
        </form>
      )}
    </section>
  );
}
