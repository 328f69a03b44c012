import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { apiFetch } from '@/lib/api-client.ts';

export type MessageProfile = {
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneVerified: boolean;
  notifyBySms: boolean;
  notifyByEmail: boolean;
};

type Choice = 'notifyBySms' | 'notifyByEmail';

/**
 * Whether updates (orders, payments, identity checks) also come by SMS and email. Each box
 * saves as it is ticked; security notices and repayment reminders go out whatever is chosen.
 */
export function MessageChoices({ profile, queryKey }: { profile: MessageProfile; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<Record<Choice, boolean>>) =>
      apiFetch<MessageProfile>('/api/me', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change),
      }),
    onSuccess: (updated) => queryClient.setQueryData(queryKey, updated),
  });
  const id = useId();
  const pending = save.isPending ? save.variables : undefined;
  // Not disabled while saving, so focus stays on the box just ticked; a second tick waits.
  const box = (choice: Choice, label: string, hint: string | null) => (
    <div className="flex items-start gap-3">
      <input
        id={`${id}-${choice}`}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-emerald-700"
        checked={pending?.[choice] ?? profile[choice]}
        aria-disabled={save.isPending}
        aria-describedby={hint ? `${id}-${choice}-hint` : undefined}
        onChange={(event) => {
          if (!save.isPending) save.mutate({ [choice]: event.target.checked });
        }}
      />
      <div>
        <label htmlFor={`${id}-${choice}`} className="font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${id}-${choice}-hint`} className="text-sm text-stone-700">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
  return (
    <fieldset className="space-y-3" aria-busy={save.isPending}>
      <legend className="sr-only">{t('auth.messages.title')}</legend>
      <p className="text-sm text-stone-700">{t('auth.messages.intro')}</p>
      {box('notifyBySms', t('auth.messages.sms'), profile.phoneVerified ? null : t('auth.messages.noPhone'))}
      {box(
        'notifyByEmail',
        t('auth.messages.email'),
        profile.email && profile.emailVerified ? null : t('auth.messages.noEmail'),
      )}
      <p role="status" className="min-h-6 text-sm">
        {save.isPending ? t('auth.working') : save.isSuccess ? t('auth.messages.saved') : ''}
      </p>
      {save.isError && <FormAlert>{t('auth.profileFailed')}</FormAlert>}
    </fieldset>
  );
}
