import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from './date-format.ts';
import { formatUgx } from './money.ts';

/** Orders, money and logs are read against Ugandan time, wherever the phone thinks it is. */
export const TIME_ZONE = 'Africa/Kampala';

/** Dates, times and percentages in the reader's language, on Kampala's clock. */
export function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const dateTime = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
    const stamp = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE });
    const date = dateFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE });
    const time = dateFormat(locale, { timeStyle: 'short', timeZone: TIME_ZONE });
    // A calendar date (a due date) is a day in Kampala already: read at UTC so no zone moves it.
    const calendar = dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const month = dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
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
      /** A month, as YYYY-MM or its first day: 2026-03 → "March 2026". */
      month: (iso: string) => month.format(new Date(`${iso.slice(0, 7)}-01T00:00:00Z`)),
      /** Basis points as a percentage: 250 → "2.5%". */
      commission: basisPoints,
      percent: basisPoints,
    };
  }, [locale]);
}

/**
 * +UGX 10,000 for money in, −UGX 5,000 for money out (a true minus sign), as statements show
 * amounts. Here rather than in money.ts, which the marketplace's first download carries.
 */
export const formatSignedUgx = (amount: number) => (amount < 0 ? `−${formatUgx(-amount)}` : `+${formatUgx(amount)}`);
