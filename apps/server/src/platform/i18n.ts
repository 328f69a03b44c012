import { LANGUAGES, type Language } from '@ecogrid/core/languages';
import { formatUgx, type Ugx } from '@ecogrid/core/money';
import i18next, { type TFunction } from 'i18next';
import { CATALOGUES, NAMESPACES } from '#src/locales/catalogues.ts';

export type { Language } from '@ecogrid/core/languages';

/** The language tag each language the app speaks goes by in the catalogues and in Intl. */
export const LANGUAGE_TAG: Record<Language, 'en' | 'lg' | 'sw'> = { english: 'en', luganda: 'lg', swahili: 'sw' };

/** Everything a person reads is on Kampala's clock. */
const TIME_ZONE = 'Africa/Kampala';

const catalogue = i18next.createInstance();
void catalogue.init({
  resources: CATALOGUES,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'lg', 'sw'],
  // Text goes into SMS, PDF and JSON, never into HTML unescaped by the renderer.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** What the server says to one person: the catalogue's words and the language's dates and numbers. */
export type Texts = {
  language: Language;
  t: TFunction;
  /** UGX 1,250,000 (the same in every language). */
  money: (amount: Ugx | number) => string;
  /** A moment on Kampala's clock, to the minute. */
  dateTime: (at: Date | string) => string;
  /** A calendar day (yyyy-mm-dd, already a day in Kampala): "27 Nov 2026" in the language. */
  day: (isoDay: string) => string;
};

/**
 * A value of a catalogue text: words and numbers as they are (money is already "UGX 1,250,000"
 * in every language), a calendar day written in the reader's language, or another catalogue
 * text rendered in it ("your order X" or "Nambi's order X"), or several, joined by semicolons
 * (the reasons of a refusal).
 */
export type TextValue = string | number | { day: string } | { text: CatalogueText } | { texts: CatalogueText[] };

/** A catalogue key and its values: a text stored or carried before its reader's language is known. */
export type CatalogueText = { key: string; values?: Record<string, TextValue> };

/** `text` in the language of `texts`. */
export function render(texts: Texts, text: CatalogueText): string {
  const values = Object.fromEntries(
    Object.entries(text.values ?? {}).map(([name, value]) => [
      name,
      typeof value !== 'object'
        ? value
        : 'day' in value
          ? texts.day(value.day)
          : 'texts' in value
            ? value.texts.map((text) => render(texts, text)).join('; ')
            : render(texts, value.text),
    ]),
  );
  return texts.t(text.key, values);
}

const cache = new Map<Language, Texts>();

/** A language the app speaks, from a stored preference; anything else reads English. */
export function asLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'english';
}

/** The words and formats for `language` (a users.preferred_language value; unknown reads English). */
export function textsFor(language: string | null | undefined): Texts {
  const lang = asLanguage(language);
  const known = cache.get(lang);
  if (known) return known;
  const tag = LANGUAGE_TAG[lang];
  // English as written in Uganda: 25 Nov 2026, 24-hour clock.
  const locale = tag === 'en' ? 'en-UG' : tag;
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const texts: Texts = {
    language: lang,
    t: catalogue.getFixedT(tag),
    money: (amount) => formatUgx(amount as Ugx),
    dateTime: (at) => dateTime.format(typeof at === 'string' ? new Date(at) : at),
    day: (isoDay) => calendar.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`)),
  };
  cache.set(lang, texts);
  return texts;
}

const BY_TAG: Record<string, Language> = { en: 'english', lg: 'luganda', sw: 'swahili' };

/**
 * The language an Accept-Language header asks for first among those the app speaks
 * ("sw-KE,sw;q=0.9,en;q=0.8" → swahili); none of them, or no header, reads English.
 */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header) return 'english';
  const asked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return {
        tag: range.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((a) => a.weight > 0 && a.tag in BY_TAG)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return asked[0] ? BY_TAG[asked[0].tag]! : 'english';
}
