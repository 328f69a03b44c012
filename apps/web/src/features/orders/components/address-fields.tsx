import { useTranslation } from 'react-i18next';
import { PlaceFields } from '@/components/ui/place-fields.tsx';
import type { Address, CheckoutErrors } from '../checkout-form.ts';

/** The longest directions the server keeps. */
const DIRECTIONS_MAX = 300;

type Props = { value: Address; onChange: (value: Address) => void; errors: CheckoutErrors; disabled: boolean };

/** Where to deliver: the place (the names are what the order keeps) and directions for the rider. */
export function AddressFields({ value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <PlaceFields
        idPrefix="checkout"
        value={value}
        onChange={(places) => onChange({ ...value, ...places })}
        errors={errors}
        disabled={disabled}
      />
      <div className="space-y-1">
        <label htmlFor="checkout-directions" className="block text-sm font-medium">
          {t('checkout.address.directions')}
        </label>
        <textarea
          id="checkout-directions"
          value={value.directions}
          onChange={(event) => onChange({ ...value, directions: event.target.value })}
          rows={3}
          maxLength={DIRECTIONS_MAX + 50}
          disabled={disabled}
          aria-invalid={errors.directions ? true : undefined}
          aria-describedby={`${errors.directions ? 'checkout-directions-error ' : ''}checkout-directions-hint`}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base ${
            errors.directions ? 'border-red-600' : 'border-stone-300'
          }`}
        />
        {errors.directions && (
          <p id="checkout-directions-error" className="text-sm font-medium text-red-800">
            {errors.directions}
          </p>
        )}
        <p id="checkout-directions-hint" className="text-sm text-stone-600">
          {t('checkout.address.directionsHint', { max: DIRECTIONS_MAX })}
        </p>
      </div>
    </div>
  );
}
