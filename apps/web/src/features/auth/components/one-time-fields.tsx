import { useTranslation } from 'react-i18next';
import { Field } from './field.tsx';

/** The six-digit code from an SMS, with the phone's one-time-code autofill. */
export function SmsCodeField({ id, hint }: { id: string; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      name="code"
      label={t('auth.codeLabel.sms')}
      hint={hint}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      required
    />
  );
}

/** A new password, with the strength advice. */
export function NewPasswordField({ id = 'password' }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      name="password"
      type="password"
      label={t('auth.newPassword')}
      autoComplete="new-password"
      hint={t('auth.passwordHint')}
      required
    />
  );
}
