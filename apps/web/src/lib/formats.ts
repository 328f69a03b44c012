import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Orders, money and logs are read against Ugandan time, wherever the phone thinks it is. */
export const TIME_ZONE = 'Africa/Kampala';

/** Dates, times and percentages in the reader's language, on Kampala's clock. */
export function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
    const stamp = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: TIME_ZONE });
    // A calendar date (a due date) is a day in Kampala already: read at UTC so no zone moves it.
    const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const basisPoints = (bp: number) => percent.format(bp / 10_000);
    return {
      /** A moment to the minute: "Mar 2, 2026, 10:15 AM". */
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      /** A moment to the second, as the admin logs show it. */
      stamp: (iso: string) => stamp.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      /** A yyyy-mm-dd date: 2026-03-02 → "Mar 2, 2026". */
      day: (iso: string) => calendar.format(new Date(`${iso}T00:00:00Z`)),
      /** Basis points as a percentage: 250 → "2.5%". */
      commission: basisPoints,
      percent: basisPoints,
    };
  }, [locale]);
}
