import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { AuthError } from '../auth-api.ts';
import { Field } from './field.tsx';

/** Asks for the password again before a change to the account's security. */
export function PasswordPrompt({
  id,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  id: string;
  submitLabel: string;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (cause) {
      setError(
        cause instanceof AuthError && cause.code === 'INVALID_PASSWORD'
          ? t('auth.mfa.wrongPassword')
          : cause instanceof AuthError && cause.message
            ? cause.message
            : t('auth.signInUnexpected'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={busy}>
      <Field
        id={id}
        name="password"
        type="password"
        label={t('auth.mfa.password')}
        autoComplete="current-password"
        autoFocus
        required
      />
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={busy}>
          {busy ? t('auth.working') : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('auth.mfa.cancel')}
        </Button>
      </div>
    </form>
  );
}
