import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Logs are read against Ugandan time, wherever the admin's phone thinks it is. */
export const TIME_ZONE = 'Africa/Kampala';

/** Dates and commission rates in the language the admin chose. */
export function useAdminFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    return {
      dateTime: (iso: string) => date.format(new Date(iso)),
      /** Basis points as a percentage: 250 → "2.5%". */
      commission: (basisPoints: number) => percent.format(basisPoints / 10_000),
    };
  }, [locale]);
}
