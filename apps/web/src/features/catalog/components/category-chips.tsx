import { PRODUCT_CATEGORIES, type ProductCategory } from '@ecogrid/core/catalog';
import { useTranslation } from 'react-i18next';

type Props = { value: ProductCategory | undefined; onChange: (value: ProductCategory | undefined) => void };

/** One chip per category; a toggle group that a screen reader announces as pressed or not. */
export function CategoryChips({ value, onChange }: Props) {
  const { t } = useTranslation();
  const chip = (active: boolean) =>
    `shrink-0 rounded-full border px-3 py-2 text-sm font-medium min-h-10 ${
      active
        ? 'border-brand-800 bg-brand-800 text-white'
        : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
    }`;
  return (
    <div role="group" aria-label={t('catalog.categoriesLabel')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
      <button type="button" aria-pressed={!value} className={chip(!value)} onClick={() => onChange(undefined)}>
        {t('catalog.all')}
      </button>
      {PRODUCT_CATEGORIES.map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={value === category}
          className={chip(value === category)}
          onClick={() => onChange(value === category ? undefined : category)}
        >
          {t(`categories.${category}`)}
        </button>
      ))}
    </div>
  );
}
