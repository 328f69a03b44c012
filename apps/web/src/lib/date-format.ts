/**
 * Month names of languages some browsers have no dates for (Chromium, and Chrome on Android,
 * ship no Luganda and write its dates in American English). These are CLDR's, as Node and
 * browsers with full data write them.
 */
const MONTHS: Record<string, { long: string[]; short: string[] }> = {
  lg: {
    long: 'Janwaliyo Febwaliyo Marisi Apuli Maayi Juuni Julaayi Agusito Sebuttemba Okitobba Novemba Desemba'.split(' '),
    short: 'Jan Feb Mar Apu Maa Juu Jul Agu Seb Oki Nov Des'.split(' '),
  },
};

type Format = { format: (date: Date) => string };

/**
 * Intl.DateTimeFormat for `locale`, or, where the browser has no dates for it, British English's
 * layout (day, month, year; a 24-hour clock, as Luganda writes them) with the language's own
 * month names.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Format {
  const names = MONTHS[locale];
  if (!names || Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0) {
    return new Intl.DateTimeFormat(locale, options);
  }
  const layout = new Intl.DateTimeFormat('en-GB', options);
  const monthOf = new Intl.DateTimeFormat('en-GB', { month: 'numeric', timeZone: options.timeZone });
  const long = options.month === 'long' || options.dateStyle === 'long' || options.dateStyle === 'full';
  const list = long ? names.long : names.short;
  return {
    format: (date) =>
      layout
        .formatToParts(date)
        .map((part) => (part.type === 'month' ? list[Number(monthOf.format(date)) - 1] : part.value))
        .join(''),
  };
}
