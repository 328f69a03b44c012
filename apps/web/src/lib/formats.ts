import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Logs are read against Ugandan time, wherever the admin's phone thinks it is. */
export const TIME_ZONE = 'Africa/Kampala';

/** Dates, commission rates and other percentages in the language the admin chose. */
export function useAdminFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    // A calendar date (a due date) is a day in Kampala already: read at UTC so no zone moves it.
    const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const basisPoints = (bp: number) => percent.format(bp / 10_000);
    return {
      dateTime: (iso: string) => date.format(new Date(iso)),
      /** A yyyy-mm-dd date: 2026-03-02 → "Mar 2, 2026". */
      day: (iso: string) => calendar.format(new Date(`${iso}T00:00:00Z`)),
      /** Basis points as a percentage: 250 → "2.5%". */
      commission: basisPoints,
      percent: basisPoints,
    };
  }, [locale]);
}
