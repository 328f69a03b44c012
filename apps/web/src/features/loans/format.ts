import { kampalaDate } from '@ecogrid/core/credit';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Loans fall due on Ugandan calendar days, wherever the phone thinks it is. */
const TIME_ZONE = 'Africa/Kampala';

/** Today's date in Kampala (yyyy-mm-dd): the day a schedule shown before buying would start. */
export const today = () => kampalaDate(new Date());

/** A device token as people read it out and type it: digits in threes, "123 456 789". */
export const groupDigits = (token: string) => token.replace(/\s/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');

/** Due dates (yyyy-mm-dd, calendar days) and moments (ISO instants) in the reader's language. */
export function useLoanFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
    return {
      /** A calendar date as stored (no time zone): shown as that same day everywhere. */
      day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      moment: (iso: string) => moment.format(new Date(iso)),
    };
  }, [locale]);
}
