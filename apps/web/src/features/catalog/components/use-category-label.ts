import type { Category } from '@ecogrid/core';
import { useTranslation } from 'react-i18next';

/**
 * How a category is named: in English, as the admins named it; in Luganda and Swahili, by its
 * translation when the catalogue has one, else by the admins' name (a category they added).
 * Until the categories arrive (a product page opened from a link), the slug stands in.
 */
export function useCategoryLabel(categories: Category[] | undefined) {
  const { t, i18n } = useTranslation();
  return (slug: string) => {
    const name = categories?.find((c) => c.slug === slug)?.name ?? slug;
    return i18n.resolvedLanguage === 'en' ? name : t(`categories.${slug}`, { defaultValue: name });
  };
}
