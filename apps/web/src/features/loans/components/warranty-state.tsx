import { kampalaDate } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';

/**
 * Whether a unit is still under warranty, from its last warranty day: "Under warranty until
 * 12 March 2028" or "Warranty ended 12 March 2028". Nothing before the unit is delivered.
 */
export function WarrantyState({ until }: { until: string | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (!until) return null;
  return (
    <>
      {until >= kampalaDate(new Date())
        ? t('loans.warrantyUntil', { date: formats.day(until) })
        : t('loans.warrantyEnded', { date: formats.day(until) })}
    </>
  );
}
