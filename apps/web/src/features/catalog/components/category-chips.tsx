import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoriesQuery } from '../api.ts';
import { useCategoryLabel } from './use-category-label.ts';

type Props = { value: string | undefined; onChange: (value: string | undefined) => void };

/**
 * One chip per category the admins keep (those with products, and the one chosen); a toggle
 * group that a screen reader announces as pressed or not.
 */
export function CategoryChips({ value, onChange }: Props) {
  const { t } = useTranslation();
  const { data } = useQuery(categoriesQuery);
  const label = useCategoryLabel(data?.items);
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
      {data?.items
        .filter((category) => category.productCount > 0 || category.slug === value)
        .map(({ slug }) => (
          <button
            key={slug}
            type="button"
            aria-pressed={value === slug}
            className={chip(value === slug)}
            onClick={() => onChange(value === slug ? undefined : slug)}
          >
            {label(slug)}
          </button>
        ))}
    </div>
  );
}
