import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/ui/toast.tsx';
import { useChooseLanguage } from '@/features/auth/account-language.ts';
import { LANGUAGES, type LanguageCode } from '@/lib/i18n.ts';

/** The header's language choice: this phone's, and the account's when signed in. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const choose = useChooseLanguage();
  const change = async (code: LanguageCode) => {
    if ((await choose(code)) === 'unsaved') {
      await showToast(t('nav.languageNotSaved'), { description: t('nav.languageNotSavedDetail') });
    }
  };
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('nav.language')}</span>
      <select
        value={i18n.resolvedLanguage ?? 'en'}
        onChange={(e) => void change(e.target.value as LanguageCode)}
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
