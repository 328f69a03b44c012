import { kampalaDate } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';

/** Whether the loan's unit is still under warranty: "Warranty until 12 March 2028" or "Warranty ended". */
export function WarrantyState({ until }: { until: string | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (!until) return null;
  return (
    <>
      {until >= kampalaDate(new Date())
        ? t('loans.warrantyUntil', { date: formats.day(until) })
        : t('loans.warrantyEnded')}
    </>
  );
}
