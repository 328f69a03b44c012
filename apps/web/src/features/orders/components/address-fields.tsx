import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { districtsQuery, subCountiesQuery, villagesQuery, type Place } from '../api.ts';
import type { CheckoutErrors } from '../checkout-form.ts';
import { SelectField } from './select-field.tsx';

export type Address = { district: Place | null; subCounty: Place | null; village: Place | null; directions: string };

export const DIRECTIONS_MAX = 300;

type Props = { value: Address; onChange: (value: Address) => void; errors: CheckoutErrors; disabled: boolean };

/**
 * District → sub-county → village, each list fetched when the one before is chosen (the names
 * are what the order keeps), and directions for the rider. A list still loading says so.
 */
export function AddressFields({ value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const districts = useQuery(districtsQuery);
  const subCounties = useQuery(subCountiesQuery(value.district?.id ?? ''));
  const villages = useQuery(villagesQuery(value.subCounty?.id ?? ''));

  const field = (
    name: 'district' | 'subCounty' | 'village',
    list: UseQueryResult<Place[]>,
    ready: boolean,
    pick: (place: Place | null) => Address,
  ) => {
    const loading = ready && list.isPending;
    return (
      <div className="space-y-1" aria-busy={loading}>
        <SelectField
          id={`checkout-${name}`}
          label={t(`checkout.address.${name}`)}
          error={errors[name]}
          placeholder={
            !ready
              ? t(`checkout.address.${name}First`)
              : loading
                ? t('checkout.address.loading')
                : t('checkout.address.choose')
          }
          options={list.data ?? []}
          value={value[name]?.id ?? ''}
          disabled={disabled || !ready || !list.data}
          onChange={(event) => onChange(pick(list.data?.find((p) => p.id === event.target.value) ?? null))}
        />
        {list.isError && (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
            {t('checkout.address.loadFailed')}
            <button
              type="button"
              className="min-h-11 font-medium text-brand-800 underline"
              onClick={() => void list.refetch()}
            >
              {t('checkout.retry')}
            </button>
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-3">
      {field('district', districts, true, (district) => ({ ...value, district, subCounty: null, village: null }))}
      {field('subCounty', subCounties, Boolean(value.district), (subCounty) => ({
        ...value,
        subCounty,
        village: null,
      }))}
      {field('village', villages, Boolean(value.subCounty), (village) => ({ ...value, village }))}
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
