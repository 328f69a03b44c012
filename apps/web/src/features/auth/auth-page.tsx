import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { accountLanguageOf, shownLanguage } from '@/lib/i18n.ts';
import { refreshSession, safeRedirect } from './api.ts';
import {
  AuthError,
  resendVerification,
  signInEmail,
  signInPhone,
  signUpEmail,
  signUpPhone,
  type SignInResult,
  type SignUpInput,
} from './auth-api.ts';
import { Field } from './components/field.tsx';
import { PhoneCodeStep } from './components/phone-code-step.tsx';
import { SecondFactorStep } from './components/second-factor-step.tsx';
import { readIdentifier } from './identifier.ts';
import { returnPlace } from './return-place.ts';

type Mode = 'signIn' | 'signUp';
/** The combined flow: the form, then perhaps an SMS code to confirm a number, or a second factor. */
type Step =
  | { name: 'form' }
  | { name: 'phoneCode'; phoneNumber: string; testModeCode?: string | undefined }
  | { name: 'secondFactor'; methods: ('totp' | 'otp')[] };

/** The combined sign-in and sign-up flow (/auth, /login, /signup), by email or phone number. */
export function AuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect);
  const [mode, setMode] = useState<Mode>(pathname === '/signup' ? 'signUp' : 'signIn');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const finishSignIn = async () => {
    await refreshSession(queryClient);
    await navigate(target, { replace: true });
  };

  const afterSignIn = async (result: SignInResult) => {
    if (result.twoFactorRedirect) {
      setStep({ name: 'secondFactor', methods: result.twoFactorMethods ?? ['totp'] });
      return;
    }
    await finishSignIn();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const identifier = readIdentifier(String(form.get('identifier') ?? ''));
    const password = String(form.get('password') ?? '');
    setError(null);
    setNotice(null);
    setUnverifiedEmail(null);
    if (!identifier || !password) {
      setError(t('auth.missingCredentials'));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signIn') {
        await afterSignIn(
          identifier.kind === 'email'
            ? await signInEmail(identifier.value, password)
            : await signInPhone(identifier.value, password),
        );
        return;
      }
      const input: SignUpInput = {
        password,
        fullName: String(form.get('fullName') ?? '').trim(),
        username: String(form.get('username') ?? '').trim(),
        userType: form.get('userType') === 'agent' ? 'agent' : 'customer',
        preferredLanguage: accountLanguageOf(shownLanguage()),
      };
      if (identifier.kind === 'phone') {
        const created = await signUpPhone({ ...input, phoneNumber: identifier.value });
        setStep({ name: 'phoneCode', phoneNumber: created.phoneNumber, testModeCode: created.testModeCode });
        return;
      }
      await signUpEmail({ ...input, email: identifier.value });
      await navigate(
        `/email-confirmation?email=${encodeURIComponent(identifier.value)}${redirect ? `&redirect=${encodeURIComponent(target)}` : ''}`,
      );
    } catch (cause) {
      if (cause instanceof AuthError && cause.code === 'PHONE_NUMBER_NOT_VERIFIED' && identifier.kind === 'phone') {
        // Signing in with a number that was never confirmed: the server has just texted a code.
        setStep({ name: 'phoneCode', phoneNumber: identifier.value, testModeCode: cause.testModeCode });
        return;
      }
      setError(describe(cause, mode));
      if (cause instanceof AuthError && cause.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(identifier.value);
    } finally {
      setBusy(false);
    }
  };

  const describe = (cause: unknown, current: Mode): string => {
    if (!(cause instanceof AuthError))
      return t(current === 'signIn' ? 'auth.signInUnexpected' : 'auth.signUpUnexpected');
    if (cause.code === 'EMAIL_NOT_VERIFIED') return t('auth.notVerified');
    if (cause.code === 'ACCOUNT_DEACTIVATED') return cause.message;
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

  const title = mode === 'signIn' ? t('auth.signInTab') : t('auth.signUpTab');
  const frame = (body: React.ReactNode) => (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="auth-title">
      <h1 id="auth-title" className="text-2xl font-bold">
        {title}
      </h1>
      {body}
    </section>
  );

  if (step.name === 'phoneCode') {
    return frame(
      <>
        <PhoneCodeStep
          phoneNumber={step.phoneNumber}
          testModeCode={step.testModeCode}
          onConfirmed={async (signedIn) => {
            if (signedIn) return finishSignIn();
            setMode('signIn');
            setStep({ name: 'form' });
            setNotice(t('auth.phoneConfirmedSignIn'));
          }}
        />
        <Button variant="ghost" className="w-full" onClick={() => setStep({ name: 'form' })}>
          {t('auth.back')}
        </Button>
      </>,
    );
  }
  if (step.name === 'secondFactor') {
    return frame(
      <>
        <SecondFactorStep methods={step.methods} onDone={finishSignIn} />
        <Button variant="ghost" className="w-full" onClick={() => setStep({ name: 'form' })}>
          {t('auth.back')}
        </Button>
      </>,
    );
  }

  return frame(
    <>
      {redirect && (
        <p data-testid="auth-return-to">{t('auth.returnTo', { place: returnPlace(target, t, queryClient) })}</p>
      )}
      <div role="tablist" className="flex gap-1 rounded-xl border border-stone-200 bg-white p-1">
        {tab('signIn', t('auth.signInTab'))}
        {tab('signUp', t('auth.signUpTab'))}
      </div>
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate aria-busy={busy}>
        {mode === 'signUp' && (
          <Field id="fullName" name="fullName" label={t('auth.fullName')} autoComplete="name" required />
        )}
        <Field
          id="identifier"
          name="identifier"
          label={t('auth.identifier')}
          hint={mode === 'signUp' ? t('auth.identifierHint') : undefined}
          autoComplete="username"
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
            <Field id="username" name="username" label={t('auth.username')} autoComplete="nickname" />
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium">{t('auth.accountType')}</legend>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="userType" value="customer" defaultChecked /> {t('auth.customer')}
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="userType" value="agent" /> {t('auth.agent')}
              </label>
            </fieldset>
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
    </>,
  );
}

export default AuthPage;
