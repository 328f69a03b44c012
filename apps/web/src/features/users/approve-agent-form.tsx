import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { basisPointsToPercent, parseAgentTerms, type AgentTermsError } from '@/lib/agent-terms.ts';
import type { AdminUser } from './api.ts';

type Props = {
  user: Pick<AdminUser, 'agentCode' | 'commissionRateBp'>;
  busy: boolean;
  onSubmit: (terms: { agentCode: string; commissionRateBp: number }) => void;
  onBack: () => void;
};

/** Agent code and commission (as a percentage, sent as basis points), checked here as the server checks them. */
export function ApproveAgentForm({ user, busy, onSubmit, onBack }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<AgentTermsError[]>([]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const terms = parseAgentTerms(String(data.get('agentCode') ?? ''), String(data.get('commission') ?? ''));
    if (!terms.ok) {
      setErrors(terms.errors);
      form.current?.querySelector<HTMLInputElement>(`[name="${terms.errors[0]}"]`)?.focus();
      return;
    }
    setErrors([]);
    onSubmit({ agentCode: terms.agentCode, commissionRateBp: terms.commissionRateBp });
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-3" aria-busy={busy}>
      <TextField
        id={`${id}-code`}
        name="agentCode"
        label={t('admin.users.agentCodeLabel')}
        hint={t('admin.users.agentCodeHint')}
        error={errors.includes('agentCode') ? t('admin.users.agentCodeInvalid') : undefined}
        defaultValue={user.agentCode ?? ''}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        data-autofocus
        className="uppercase"
      />
      <TextField
        id={`${id}-commission`}
        name="commission"
        label={t('admin.users.commissionLabel')}
        hint={t('admin.users.commissionHint')}
        error={errors.includes('commission') ? t('admin.users.commissionInvalid') : undefined}
        defaultValue={user.commissionRateBp === null ? '' : basisPointsToPercent(user.commissionRateBp)}
        inputMode="decimal"
        autoComplete="off"
        maxLength={6}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('admin.back')}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('admin.working') : t('admin.users.approveSubmit')}
        </Button>
      </div>
    </form>
  );
}
