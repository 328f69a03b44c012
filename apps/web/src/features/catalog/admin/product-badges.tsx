import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';

/** At or below this many units, a product is flagged as running low. */
export const LOW_STOCK = 5;

export function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation();
  if (stock === 0) return <Badge tone="bad">{t('admin.products.outOfStock')}</Badge>;
  return (
    <Badge tone={stock <= LOW_STOCK ? 'warn' : 'neutral'}>
      {t(stock <= LOW_STOCK ? 'admin.products.lowStock' : 'admin.products.inStock', { count: stock })}
    </Badge>
  );
}

export function ProductStateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge tone="good">{t('admin.products.onSale')}</Badge>
  ) : (
    <Badge tone="bad">{t('admin.products.offSale')}</Badge>
  );
}
