import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money moves on Ugandan time, wherever the phone thinks it is. */
const TIME_ZONE = 'Africa/Kampala';

/** Dates and times in the language the customer chose. */
export function useWalletFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: TIME_ZONE });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
    };
  }, [locale]);
}
