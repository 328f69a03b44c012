import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const BACK_ONLINE_MS = 3_000;

/** 'You're Offline' while the browser has no network; 'Back Online!' for a moment when it returns. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [backOnline, setBackOnline] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const goOffline = () => {
      clearTimeout(timer.current);
      setBackOnline(false);
      setOnline(false);
    };
    const goOnline = () => {
      setOnline(true);
      setBackOnline(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      clearTimeout(timer.current);
    };
  }, []);

  return (
    <div role="status" aria-live="polite">
      {!online && (
        <div className="bg-stone-800 px-4 py-2 text-sm text-white">
          <p className="font-semibold">{t('banner.offlineTitle')}</p>
          <p>{t('banner.offlineBody')}</p>
        </div>
      )}
      {online && backOnline && (
        <p className="bg-brand-700 px-4 py-2 text-sm font-semibold text-white">{t('banner.backOnline')}</p>
      )}
    </div>
  );
}
