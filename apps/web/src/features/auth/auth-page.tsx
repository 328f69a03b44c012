import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { AuthError, resendVerification, signInEmail, signUpEmail, type SignUpInput } from './auth-api.ts';
import { refreshSession, safeRedirect } from './api.ts';
import { Field } from './components/field.tsx';

type Mode = 'signIn' | 'signUp';

const LANGUAGES: Record<string, SignUpInput['preferredLanguage']> = { en: 'english', lg: 'luganda', sw: 'swahili' };

/** The combined sign-in and sign-up flow (/auth, /login, /signup). */
export function AuthPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect);
  const [mode, setMode] = useState<Mode>(pathname === '/signup' ? 'signUp' : 'signIn');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setError(null);
    setNotice(null);
    setUnverifiedEmail(null);
    if (!email || !password) {
      setError(t('auth.missingCredentials'));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signIn') {
        const result = await signInEmail(email, password);
        if (result.twoFactorRedirect) {
          setError(t('auth.twoFactorNotYet'));
          return;
        }
        await refreshSession(queryClient);
        await navigate(target, { replace: true });
      } else {
        await signUpEmail({
          email,
          password,
          fullName: String(form.get('fullName') ?? '').trim(),
          username: String(form.get('username') ?? '').trim(),
          userType: form.get('userType') === 'agent' ? 'agent' : 'customer',
          preferredLanguage: LANGUAGES[i18n.resolvedLanguage ?? 'en'] ?? 'english',
        });
        await navigate(
          `/email-confirmation?email=${encodeURIComponent(email)}${redirect ? `&redirect=${encodeURIComponent(target)}` : ''}`,
        );
      }
    } catch (cause) {
      setError(describe(cause, mode));
      if (cause instanceof AuthError && cause.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(email);
    } finally {
      setBusy(false);
    }
  };

  const describe = (cause: unknown, current: Mode): string => {
    if (!(cause instanceof AuthError))
      return t(current === 'signIn' ? 'auth.signInUnexpected' : 'auth.signUpUnexpected');
    if (cause.code === 'EMAIL_NOT_VERIFIED') return t('auth.notVerified');
    if (current === 'signIn' && cause.status === 401) return t('auth.invalidCredentials');
    if (cause.code === 'WEAK_PASSWORD') return cause.message || t('auth.weakPassword');
    if (cause.status === 0 || cause.status === 429 || (cause.status >= 400 && cause.status < 500 && cause.message)) {
      return cause.message;
    }
    return t(current === 'signIn' ? 'auth.signInUnexpected' : 'auth.signUpUnexpected');
  };

  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => {
        setMode(value);
        setError(null);
      }}
      className={`min-h-11 flex-1 rounded-lg px-3 text-base font-semibold ${mode === value ? 'bg-brand-800 text-white' : 'text-stone-800'}`}
    >
      {label}
    </button>
  );

  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="auth-title">
      <h1 id="auth-title" className="text-2xl font-bold">
        {mode === 'signIn' ? t('auth.signInTab') : t('auth.signUpTab')}
      </h1>
      {redirect && <p data-testid="auth-return-to">{t('auth.returnTo', { path: target })}</p>}
      <div role="tablist" className="flex gap-1 rounded-xl border border-stone-200 bg-white p-1">
        {tab('signIn', t('auth.signInTab'))}
        {tab('signUp', t('auth.signUpTab'))}
      </div>
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate aria-busy={busy}>
        {mode === 'signUp' && (
          <Field id="fullName" name="fullName" label={t('auth.fullName')} autoComplete="name" required />
        )}
        <Field
          id="email"
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="email"
          inputMode="email"
          required
        />
        <Field
          id="password"
          name="password"
          type="password"
          label={t('auth.password')}
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
          hint={mode === 'signUp' ? t('auth.passwordHint') : undefined}
          required
        />
        {mode === 'signUp' && (
          <>
            <Field id="username" name="username" label={t('auth.username')} autoComplete="username" />
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium">{t('auth.accountType')}</legend>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="userType" value="customer" defaultChecked /> {t('auth.customer')}
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="userType" value="agent" /> {t('auth.agent')}
              </label>
            </fieldset>
            <p className="text-sm text-stone-600">{t('auth.phoneNotYet')}</p>
          </>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        {notice && <p role="status">{notice}</p>}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('auth.working') : mode === 'signIn' ? t('auth.submitSignIn') : t('auth.submitSignUp')}
        </Button>
      </form>
      {mode === 'signIn' && (
        <Link to="/forgot-password" className="inline-block text-sm font-medium text-brand-800 underline">
          {t('auth.forgotLink')}
        </Link>
      )}
      {unverifiedEmail && (
        <Button
          variant="secondary"
          className="w-full"
          onClick={() =>
            void resendVerification(unverifiedEmail)
              .then(() => setNotice(t('auth.resent')))
              .catch((cause: unknown) => setError(describe(cause, 'signIn')))
          }
        >
          {t('auth.resend')}
        </Button>
      )}
    </section>
  );
}

export default AuthPage;
