import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { safeRedirect } from './api.ts';

/** The combined sign-in and sign-up flow (/auth, /login, /signup). Accounts are not built yet. */
export function AuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect);
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="auth-title">
      <h1 id="auth-title" className="text-2xl font-bold">
        {t('pages.auth')}
      </h1>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        {t('auth.unavailable')}
      </p>
      {redirect && <p data-testid="auth-return-to">{t('auth.returnTo', { path: target })}</p>}
      <Link to="/marketplace" className={buttonClass('secondary')}>
        {t('notAvailable.browse')}
      </Link>
    </section>
  );
}

export default AuthPage;
