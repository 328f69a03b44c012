import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { AuthError, requestPasswordReset, requestPhoneReset, resetPassword, resetPasswordByPhone } from './auth-api.ts';
import { Field } from './components/field.tsx';
import { NewPasswordField, SmsCodeField } from './components/one-time-fields.tsx';
import { readIdentifier, type Identifier } from './identifier.ts';

type State = { status: 'idle' | 'busy' | 'done' } | { status: 'error'; message: string };

/**
 * /forgot-password: a reset link by email, or a code by SMS entered here with the new
 * password. It answers the same whether or not the account exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const [text, setText] = useState('');
  const [sentTo, setSentTo] = useState<(Identifier & { testModeCode?: string | undefined }) | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const identifier = readIdentifier(text);
    if (!identifier) return;
    setState({ status: 'busy' });
    try {
      if (identifier.kind === 'phone') {
        setSentTo({ ...identifier, testModeCode: (await requestPhoneReset(identifier.value)).testModeCode });
      } else {
        await requestPasswordReset(identifier.value, `${window.location.origin}/reset-password`);
        setSentTo(identifier);
      }
      setState({ status: 'idle' });
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
      {sentTo?.kind === 'email' ? (
        <p role="status">{t('auth.forgotSent', { email: sentTo.value })}</p>
      ) : sentTo?.kind === 'phone' ? (
        <PhoneReset phoneNumber={sentTo.value} testModeCode={sentTo.testModeCode} />
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={state.status === 'busy'}>
          <p>{t('auth.forgotBody')}</p>
          <Field
            id="identifier"
            name="identifier"
            label={t('auth.identifier')}
            autoComplete="username"
            inputMode="email"
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
          />
          {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
          <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
            {state.status === 'busy' ? t('auth.working') : t('auth.sendResetCode')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The SMS half of a reset: the texted code and the new password, in one form. */
function PhoneReset({ phoneNumber, testModeCode }: { phoneNumber: string; testModeCode?: string | undefined }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState({ status: 'busy' });
    try {
      await resetPasswordByPhone(
        phoneNumber,
        String(form.get('code') ?? '').replace(/\s/g, ''),
        String(form.get('password') ?? ''),
      );
      setState({ status: 'done' });
    } catch (cause) {
      setState({ status: 'error', message: describeResetFailure(cause, t) });
    }
  };
  if (state.status === 'done') return <ResetDone />;
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={state.status === 'busy'}>
      <p role="status">{t('auth.forgotSentPhone', { phone: phoneNumber })}</p>
      <TestModeCode code={testModeCode} />
      <SmsCodeField id="code" />
      <NewPasswordField />
      {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
      <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
        {state.status === 'busy' ? t('auth.working') : t('auth.savePassword')}
      </Button>
    </form>
  );
}

function describeResetFailure(cause: unknown, t: (key: string) => string): string {
  if (!(cause instanceof AuthError)) return t('auth.signInUnexpected');
  if (cause.code === 'WEAK_PASSWORD') return cause.message || t('auth.weakPassword');
  if (cause.code === 'INVALID_OTP') return t('auth.wrongCode');
  if (cause.code === 'OTP_EXPIRED' || cause.code === 'OTP_NOT_FOUND') return t('auth.codeExpired');
  if (cause.status === 400) return t('auth.resetFailed');
  return cause.message || t('auth.signInUnexpected');
}

function ResetDone() {
  const { t } = useTranslation();
  return (
    <>
      <p role="status">{t('auth.resetDone')}</p>
      <Link to="/auth" className={buttonClass()}>
        {t('auth.signInTab')}
      </Link>
    </>
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
      setState({ status: 'error', message: describeResetFailure(cause, t) });
    }
  };
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="reset-title">
      <h1 id="reset-title" className="text-2xl font-bold">
        {t('auth.resetTitle')}
      </h1>
      {state.status === 'done' ? (
        <ResetDone />
      ) : !token ? (
        <p role="alert">{t('auth.resetFailed')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={state.status === 'busy'}>
          <NewPasswordField />
          {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
          <Button type="submit" className="w-full" disabled={state.status === 'busy'}>
            {state.status === 'busy' ? t('auth.working') : t('auth.savePassword')}
          </Button>
        </form>
      )}
    </section>
  );
}
