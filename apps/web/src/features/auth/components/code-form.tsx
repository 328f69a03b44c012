import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Field } from './field.tsx';

type Props = {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  /** Backup codes have letters; SMS and authenticator codes are six digits. */
  numeric?: boolean;
  onSubmit: (code: string) => Promise<void>;
  /** Turns a failure into the message to show. */
  describe: (cause: unknown) => string;
  children?: ReactNode;
};

/** One field for a one-time code, with its own busy and error states. */
export function CodeForm({ id, label, hint, submitLabel, numeric = true, onSubmit, describe, children }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!code) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(code);
    } catch (cause) {
      setError(describe(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate aria-busy={busy}>
      <Field
        id={id}
        name="code"
        label={label}
        hint={hint}
        autoComplete="one-time-code"
        inputMode={numeric ? 'numeric' : 'text'}
        maxLength={numeric ? 6 : 20}
        autoFocus
        required
      />
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('auth.working') : submitLabel}
      </Button>
      {children}
    </form>
  );
}
