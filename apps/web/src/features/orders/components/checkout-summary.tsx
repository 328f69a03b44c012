import type { CartLine, DeliveryFeeRule } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';

type Props = {
  lines: CartLine[];
  subtotal: number;
  fee: number;
  rule: DeliveryFeeRule;
  delivery: boolean;
};

/** What is being bought and what it costs: the cash lines, the delivery fee by the store's rule, the total. */
export function CheckoutSummary({ lines, subtotal, fee, rule, delivery }: Props) {
  const { t } = useTranslation();
  const freeFromHint =
    delivery && fee > 0 && rule.freeFrom !== null
      ? t('checkout.freeFrom', { amount: formatUgx(rule.freeFrom), missing: formatUgx(rule.freeFrom - subtotal) })
      : null;
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <ul className="divide-y divide-stone-100">
        {lines.map((line) => (
          <li key={line.id} className="flex items-baseline justify-between gap-2 py-2 first:pt-0">
            <span className="min-w-0 break-words">
              {t('checkout.line', { quantity: line.quantity, name: line.product.name })}
            </span>
            <span className="whitespace-nowrap tabular-nums">{formatUgx(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-stone-200 pt-3">
        <div className="flex justify-between gap-2">
          <dt>{t('orders.subtotal')}</dt>
          <dd className="tabular-nums">{formatUgx(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>{delivery ? t('orders.deliveryFee') : t('checkout.pickupFee')}</dt>
          <dd className="tabular-nums" data-testid="delivery-fee">
            {fee === 0 ? t('orders.free') : formatUgx(fee)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 text-lg font-semibold">
          <dt>{t('orders.total')}</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {formatUgx(subtotal + fee)}
          </dd>
        </div>
      </dl>
      {freeFromHint && <p className="text-sm text-stone-700">{freeFromHint}</p>}
      <p className="text-sm text-stone-600">{t('checkout.vatNote')}</p>
    </div>
  );
}
