import { useTranslation } from 'react-i18next';
import type { PickupPoint } from '../api.ts';
import { choiceClass } from '@/components/ui/choice.ts';

type Props = {
  /** readyNow: the shop holds the cart's units now; the others take the order after a transfer. */
  points: (PickupPoint & { readyNow?: boolean })[];
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
  disabled: boolean;
};

/**
 * The shops where an order can be collected, as radio buttons with their address and phone, and
 * whether the shop has the cart's units now or gets them by a transfer in a few days.
 */
export function PickupPoints({ points, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  if (points.length === 0) return <p className="text-stone-700">{t('checkout.pickup.none')}</p>;
  return (
    <fieldset className="space-y-2" disabled={disabled} aria-describedby={error ? 'pickup-error' : undefined}>
      <legend className="text-sm font-medium">{t('checkout.pickup.legend')}</legend>
      {points.map((point) => (
        <label key={point.id} className={choiceClass(value === point.id, 'card')}>
          <input
            type="radio"
            id={`pickup-${point.id}`}
            name="pickup-point"
            value={point.id}
            checked={value === point.id}
            onChange={() => onChange(point.id)}
            className="mt-1 h-5 w-5 accent-brand-800"
          />
          <span className="min-w-0 space-y-0.5">
            <span className="block font-medium">{point.name}</span>
            <span className="block text-sm text-stone-700">
              {point.address}, {point.district}
            </span>
            {point.readyNow !== undefined && (
              <span className={`block text-sm font-medium ${point.readyNow ? 'text-brand-800' : 'text-stone-700'}`}>
                {t(point.readyNow ? 'checkout.pickup.readyNow' : 'checkout.pickup.afterTransfer')}
              </span>
            )}
            {point.phone && (
              <span className="block text-sm text-stone-700">{t('orders.phone', { phone: point.phone })}</span>
            )}
          </span>
        </label>
      ))}
      {error && (
        <p id="pickup-error" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
