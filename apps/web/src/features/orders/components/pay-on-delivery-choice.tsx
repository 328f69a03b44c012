import type { CheckoutOptions } from '@ecogrid/core/orders.responses';
import { useTranslation } from 'react-i18next';
import { choiceClass } from '@/components/ui/choice.ts';
import { formatUgx } from '@/lib/money.ts';

type Offer = CheckoutOptions['payOnDelivery'];

/** The id of the message that says why this order cannot be paid on delivery, for aria-describedby. */
export const ON_DELIVERY_BLOCK_ID = 'checkout-on-delivery-block';

/** Why this order cannot be paid on delivery: too large, or another such order still waits; else null. */
export function onDeliveryBlock(offer: Offer | undefined, total: number): 'tooLarge' | 'waiting' | null {
  if (!offer) return null;
  if (offer.waitingOrder) return 'waiting';
  return total > offer.maxTotal ? 'tooLarge' : null;
}

/**
 * Paying on delivery, or at pickup, as a third way in checkout's "Pay with" group: in cash or by
 * mobile money to the agent who brings it (the customer's own agent, named, or one EcoGrid names).
 */
export function PayOnDeliveryChoice(props: { offer: Offer; pickup: boolean; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const { offer, pickup, chosen } = props;
  return (
    <label className={choiceClass(chosen, 'card')}>
      <input
        type="radio"
        name="checkout-pay-with"
        value="on_delivery"
        checked={chosen}
        onChange={props.onChoose}
        className="mt-1 h-5 w-5 accent-brand-800"
      />
      <span>
        <span className="block font-medium">{t(pickup ? 'checkout.pay.atPickup' : 'checkout.pay.onDelivery')}</span>
        <span className="block text-sm text-stone-700">
          {offer.agent
            ? t('checkout.pay.onDeliveryAgent', { agent: offer.agent.name })
            : t('checkout.pay.onDeliveryNoAgent')}{' '}
          {t('checkout.pay.onDeliveryDays', { days: offer.days })}
        </span>
      </span>
    </label>
  );
}

/** Why the order cannot be paid on delivery, shown under the choices while it is chosen. */
export function OnDeliveryBlock({ offer, block }: { offer: Offer; block: 'tooLarge' | 'waiting' }) {
  const { t } = useTranslation();
  return (
    <p id={ON_DELIVERY_BLOCK_ID} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      {block === 'waiting'
        ? t('checkout.pay.onDeliveryWaiting', { number: offer.waitingOrder })
        : t('checkout.pay.onDeliveryTooLarge', { max: formatUgx(offer.maxTotal) })}
    </p>
  );
}
