import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { networksQuery } from '@/lib/shared-queries.ts';

/** On every screen while payments go to the sandbox network: no amount shown is real money. */
export function TestMoneyBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(networksQuery);
  if (!data?.testMoney) return null;
  return (
    // A landmark of its own: above the header, it is outside every other one.
    <aside aria-label={t('testMode.title')} className="border-b border-amber-300 bg-amber-100 px-4 py-1.5">
      <p role="note" className="text-sm font-medium text-amber-950">
        {t('testMode.money')}
      </p>
    </aside>
  );
}
