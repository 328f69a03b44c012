import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { AuthError, sendPhoneCode, verifyPhone } from '../auth-api.ts';
import { CodeForm } from './code-form.tsx';
import { Field } from './field.tsx';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const describe = (cause: unknown) =>
    cause instanceof AuthError && cause.code === 'INVALID_OTP'
      ? t('auth.wrongCode')
      : cause instanceof AuthError && cause.message
        ? cause.message
        : t('auth.profileFailed');

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    if (!value) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await sendPhoneCode(value);
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
        <CodeForm
          id="phone-change-code"
          label={t('auth.codeLabel.sms')}
          hint={t('auth.confirmPhoneBody', { phone: pending })}
          submitLabel={t('auth.verifyCode')}
          describe={describe}
          onSubmit={async (code) => {
            await verifyPhone(pending, code, true);
            setPending(null);
            setDone(true);
            await onChanged();
          }}
        >
          <Button variant="secondary" className="w-full" onClick={() => setPending(null)}>
            {t('auth.mfa.cancel')}
          </Button>
        </CodeForm>
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
