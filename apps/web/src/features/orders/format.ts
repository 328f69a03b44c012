import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Orders move on Ugandan time, wherever the phone thinks it is. */
const TIME_ZONE = 'Africa/Kampala';

/** Dates and times in the language the customer chose, in Kampala time. */
export function useOrderFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
    };
  }, [locale]);
}
