import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';

type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

const SEEN_KEY = 'ecogrid-install-banner-seen';
const MOBILE_QUERY = '(max-width: 767.98px)';

function alreadySeen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

function remember(): void {
  try {
    localStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Private mode: the banner may show again next visit.
  }
}

/** Mobile only, and once: Install App opens the browser's install prompt; either choice is remembered. */
export function InstallBanner() {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    if (alreadySeen() || !window.matchMedia(MOBILE_QUERY).matches) return;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  if (!prompt) return null;
  const close = () => {
    remember();
    setPrompt(null);
  };
  return (
    <aside
      aria-labelledby="install-title"
      className="fixed inset-x-2 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 rounded-xl border border-stone-200 bg-white p-4 shadow-lg md:hidden"
    >
      <h2 id="install-title" className="font-semibold">
        {t('install.title')}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{t('install.body')}</p>
      <div className="flex gap-2">
        <Button
          className="flex-1"
          onClick={() => {
            void prompt.prompt();
            close();
          }}
        >
          {t('install.install')}
        </Button>
        <Button variant="secondary" className="flex-1" onClick={close}>
          {t('install.later')}
        </Button>
      </div>
    </aside>
  );
}
