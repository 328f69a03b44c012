import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chipClass } from '@/components/ui/chip.ts';
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
  return (
    <div role="group" aria-label={t('catalog.categoriesLabel')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
      <button type="button" aria-pressed={!value} className={chipClass(!value)} onClick={() => onChange(undefined)}>
        {t('catalog.all')}
      </button>
      {data?.items
        .filter((category) => category.productCount > 0 || category.slug === value)
        .map(({ slug }) => (
          <button
            key={slug}
            type="button"
            aria-pressed={value === slug}
            className={chipClass(value === slug)}
            onClick={() => onChange(value === slug ? undefined : slug)}
          >
            {label(slug)}
          </button>
        ))}
    </div>
  );
}
