import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'lg', label: 'Luganda' },
  { code: 'sw', label: 'Kiswahili' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** A language as an account keeps it (users.preferred_language). */
export type AccountLanguage = 'english' | 'luganda' | 'swahili';
const ACCOUNT_LANGUAGES: Record<LanguageCode, AccountLanguage> = { en: 'english', lg: 'luganda', sw: 'swahili' };

/** The account's word for a screen language: lg → luganda. */
export const accountLanguageOf = (code: LanguageCode): AccountLanguage => ACCOUNT_LANGUAGES[code];

/** The screen language for an account's: luganda → lg; an unknown word gives undefined. */
export const languageCodeOf = (account: string | null | undefined): LanguageCode | undefined =>
  LANGUAGES.find((language) => ACCOUNT_LANGUAGES[language.code] === account)?.code;

/** The language the screen shows now. */
export const shownLanguage = (): LanguageCode =>
  LANGUAGES.find((language) => language.code === i18n.resolvedLanguage)?.code ?? 'en';

const STORAGE_KEY = 'ecogrid-language';

// Only English ships in the first download; the other catalogues load when chosen.
const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: typeof en }>> = {
  lg: () => import('@/locales/lg.json'),
  sw: () => import('@/locales/sw.json'),
};

function storedLanguage(): LanguageCode {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.some((l) => l.code === value) ? (value as LanguageCode) : 'en';
  } catch {
    return 'en';
  }
}

// English strings that ship with lazily loaded pages (payments: the wallet and the admin
// payment pages) rather than in the first download. Luganda and Swahili are fetched whole
// when chosen, so their catalogues hold every string.
const laterEnglish = new Set<object>();

/** Adds English strings fetched with a lazily loaded page, before the page first renders. */
export function addEnglish(strings: object): void {
  if (laterEnglish.has(strings)) return;
  laterEnglish.add(strings);
  if (i18n.isInitialized) i18n.addResourceBundle('en', 'translation', strings, true, false);
}

/** Fetches a language's catalogue once, without showing it (the mockups show all three at once). */
export async function loadLanguage(code: LanguageCode): Promise<void> {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    const catalogue = await loaders[code]();
    i18n.addResourceBundle(code, 'translation', catalogue.default, true, true);
  }
}

export async function changeLanguage(code: LanguageCode): Promise<void> {
  await loadLanguage(code);
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  for (const strings of laterEnglish) i18n.addResourceBundle('en', 'translation', strings, true, false);
  const preferred = storedLanguage();
  if (preferred !== 'en') await changeLanguage(preferred).catch(() => undefined);
}

export { i18n };
