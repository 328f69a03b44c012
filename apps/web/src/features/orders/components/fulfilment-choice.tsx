import { useTranslation } from 'react-i18next';
import type { CheckoutForm } from '../checkout-form.ts';
import { choiceClass } from '@/components/ui/choice.ts';

type Way = CheckoutForm['fulfilment'];

/** Delivery to the customer's village, or collection at a pickup point. */
export function FulfilmentChoice({
  value,
  onChange,
  disabled,
}: {
  value: Way;
  onChange: (way: Way) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2" disabled={disabled}>
      <legend className="sr-only">{t('checkout.fulfilmentTitle')}</legend>
      {(['delivery', 'pickup'] as const).map((way) => (
        <label key={way} className={choiceClass(value === way)}>
          <input
            type="radio"
            name="fulfilment"
            value={way}
            checked={value === way}
            onChange={() => onChange(way)}
            className="h-5 w-5 accent-brand-800"
          />
          <span className="font-medium">{t(`checkout.way.${way}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
