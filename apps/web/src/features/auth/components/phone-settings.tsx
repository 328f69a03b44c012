import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { AuthError, changePhone, sendPhoneCode } from '../auth-api.ts';
import { Field } from './field.tsx';
import { SmsCodeField } from './one-time-fields.tsx';

/** Adds or changes the phone number: the new number counts only once its SMS code is entered. */
export function PhoneSettings({
  phoneNumber,
  onChanged,
}: {
  phoneNumber: string | null;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const [testModeCode, setTestModeCode] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const describe = (cause: unknown) =>
    cause instanceof AuthError && cause.code === 'INVALID_OTP'
      ? t('auth.wrongCode')
      : cause instanceof AuthError && cause.code === 'INVALID_PASSWORD'
        ? t('auth.mfa.wrongPassword')
        : cause instanceof AuthError && cause.message
          ? cause.message
          : t('auth.profileFailed');

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await changePhone(pending, String(form.get('code') ?? '').replace(/\s/g, ''), String(form.get('password') ?? ''));
      setPending(null);
      setDone(true);
      await onChanged();
    } catch (cause) {
      setError(describe(cause));
    } finally {
      setBusy(false);
    }
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    if (!value) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      setTestModeCode((await sendPhoneCode(value)).testModeCode);
      setPending(value);
    } catch (cause) {
      setError(describe(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <p>{phoneNumber ? t('auth.currentPhone', { phone: phoneNumber }) : t('auth.noPhone')}</p>
      {done && <p role="status">{t('auth.phoneChanged')}</p>}
      {pending ? (
        <form onSubmit={(e) => void confirm(e)} className="space-y-3" aria-busy={busy}>
          <p role="status">{t('auth.confirmPhoneBody', { phone: pending })}</p>
          <TestModeCode code={testModeCode} />
          <SmsCodeField id="phone-change-code" />
          <Field
            id="phone-change-password"
            name="password"
            type="password"
            label={t('auth.mfa.password')}
            autoComplete="current-password"
            required
          />
          {error && <FormAlert>{error}</FormAlert>}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={busy}>
              {busy ? t('auth.working') : t('auth.verifyCode')}
            </Button>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('auth.mfa.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={(e) => void send(e)} className="space-y-3" aria-busy={busy}>
          <Field id="new-phone" name="phone" type="tel" label={t('auth.newPhone')} autoComplete="tel" required />
          {error && <FormAlert>{error}</FormAlert>}
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? t('auth.working') : t('auth.sendCode')}
          </Button>
        </form>
      )}
    </div>
  );
}
