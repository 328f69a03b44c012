import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type LanguageCode } from '@/lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('nav.language')}</span>
      <select
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(e) => void changeLanguage(e.target.value as LanguageCode)}
        className="min-h-10 rounded-lg border border-stone-300 bg-white px-2"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </label>
  );
}
