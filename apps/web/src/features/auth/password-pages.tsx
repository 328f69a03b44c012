import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { AuthError, requestPasswordReset, resetPassword } from './auth-api.ts';
import { Field } from './components/field.tsx';

type State = { status: 'idle' | 'busy' | 'done' } | { status: 'error'; message: string };

/** /forgot-password: asks for a reset link by email; answers the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const [email, setEmail] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setState({ status: 'busy' });
    try {
      await requestPasswordReset(email.trim(), `${window.location.origin}/reset-password`);
      setState({ status: 'done' });
    } catch (cause) {
      setState({
        status: 'error',
        message: cause instanceof AuthError && cause.message ? cause.message : t('auth.signInUnexpected'),
      });
    }
  };
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="text-2xl font-bold">
        {t('auth.forgotTitle')}
      </h1>
      {state.status === 'done' ? (
        <p role="status">{t('auth.forgotSent', { email: email.trim() })}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={state.status === 'busy'}>
          <p>{t('auth.forgotBody')}</p>
          <Field
            id="email"
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
          <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
            {state.status === 'busy' ? t('auth.working') : t('auth.sendLink')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** /reset-password?token=…: the link from the mail; sets a new password once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'idle' });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget).get('password') ?? '');
    setState({ status: 'busy' });
    try {
      await resetPassword(token, newPassword);
      setState({ status: 'done' });
    } catch (cause) {
      const message =
        cause instanceof AuthError && cause.code === 'WEAK_PASSWORD'
          ? cause.message || t('auth.weakPassword')
          : cause instanceof AuthError && cause.status === 400
            ? t('auth.resetFailed')
            : t('auth.signInUnexpected');
      setState({ status: 'error', message });
    }
  };
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="reset-title">
      <h1 id="reset-title" className="text-2xl font-bold">
        {t('auth.resetTitle')}
      </h1>
      {state.status === 'done' ? (
        <>
          <p role="status">{t('auth.resetDone')}</p>
          <Link to="/auth" className={buttonClass()}>
            {t('auth.signInTab')}
          </Link>
        </>
      ) : !token ? (
        <p role="alert">{t('auth.resetFailed')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={state.status === 'busy'}>
          <Field
            id="password"
            name="password"
            type="password"
            label={t('auth.newPassword')}
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
            required
          />
          {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
          <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
            {state.status === 'busy' ? t('auth.working') : t('auth.savePassword')}
          </Button>
        </form>
      )}
    </section>
  );
}
