import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { districtsQuery, subCountiesQuery, villagesQuery, type Place } from '@/lib/places.ts';
import { SelectField } from './select-field.tsx';

export type PlaceChoice = { district: Place | null; subCounty: Place | null; village: Place | null };
export type PlaceErrors = Partial<Record<keyof PlaceChoice, string | undefined>>;

type Props = {
  /** Prefix of the three fields' ids, unique on the page. */
  idPrefix: string;
  value: PlaceChoice;
  onChange: (value: PlaceChoice) => void;
  errors: PlaceErrors;
  disabled: boolean;
};

/**
 * District → sub-county → village from Uganda's administrative units, each list fetched when
 * the one before is chosen; choosing again further up starts the lower ones afresh. A list
 * still loading says so, and one that failed offers to try again. Strings: en.places.json.
 */
export function PlaceFields({ idPrefix, value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const districts = useQuery(districtsQuery);
  const subCounties = useQuery(subCountiesQuery(value.district?.id ?? ''));
  const villages = useQuery(villagesQuery(value.subCounty?.id ?? ''));

  const field = (
    name: keyof PlaceChoice,
    list: UseQueryResult<Place[]>,
    ready: boolean,
    pick: (place: Place | null) => PlaceChoice,
  ) => {
    const loading = ready && list.isPending;
    return (
      <div className="space-y-1" aria-busy={loading}>
        <SelectField
          id={`${idPrefix}-${name}`}
          label={t(`places.${name}`)}
          error={errors[name]}
          placeholder={!ready ? t(`places.${name}First`) : loading ? t('places.loading') : t('places.choose')}
          options={(list.data ?? []).map((place) => ({ value: place.id, label: place.name }))}
          value={value[name]?.id ?? ''}
          disabled={disabled || !ready || !list.data}
          onChange={(event) => onChange(pick(list.data?.find((p) => p.id === event.target.value) ?? null))}
        />
        {list.isError && (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
            {t('places.loadFailed')}
            <button
              type="button"
              className="min-h-11 font-medium text-brand-800 underline"
              onClick={() => void list.refetch()}
            >
              {t('places.retry')}
            </button>
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      {field('district', districts, true, (district) => ({ district, subCounty: null, village: null }))}
      {field('subCounty', subCounties, Boolean(value.district), (subCounty) => ({
        ...value,
        subCounty,
        village: null,
      }))}
      {field('village', villages, Boolean(value.subCounty), (village) => ({ ...value, village }))}
    </>
  );
}
