import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { refreshSession } from '../api.ts';
import { AuthError, changePassword } from '../auth-api.ts';
import { Field } from './field.tsx';
import { NewPasswordField } from './one-time-fields.tsx';

type State = { status: 'idle' | 'busy' | 'done' } | { status: 'error'; message: string };

/**
 * A new password, given the current one. The server holds it to the sign-up rules and signs out
 * every other device; this one gets a new session, so the lists that show it are asked again.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'idle' });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setState({ status: 'busy' });
    try {
      await changePassword(String(form.get('currentPassword') ?? ''), String(form.get('password') ?? ''));
      formElement.reset();
      setState({ status: 'done' });
      await refreshSession(queryClient);
      onChanged?.();
    } catch (cause) {
      setState({ status: 'error', message: describeFailure(cause, t) });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-busy={state.status === 'busy'}>
      <p className="text-sm text-stone-700">{t('auth.changePasswordBody')}</p>
      <Field
        id="currentPassword"
        name="currentPassword"
        type="password"
        label={t('auth.currentPassword')}
        autoComplete="current-password"
        required
      />
      <NewPasswordField id="newPassword" />
      {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
      {state.status === 'done' && <p role="status">{t('auth.passwordChanged')}</p>}
      <Button type="submit" disabled={state.status === 'busy'}>
        {state.status === 'busy' ? t('auth.working') : t('auth.changePassword')}
      </Button>
    </form>
  );
}

function describeFailure(cause: unknown, t: (key: string) => string): string {
  if (!(cause instanceof AuthError)) return t('auth.signInUnexpected');
  if (cause.code === 'INVALID_PASSWORD') return t('auth.mfa.wrongPassword');
  if (cause.code === 'WEAK_PASSWORD') return cause.message || t('auth.weakPassword');
  return cause.message || t('auth.signInUnexpected');
}
