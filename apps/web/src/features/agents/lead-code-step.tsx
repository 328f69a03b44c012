import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { localPhone } from '@/lib/phone.ts';
import { confirmLead, customerPath, resendLeadCode, type Lead } from './field-api.ts';

/** The customer is in: registered now, or an account they already had, now served by this agent. */
function Registered({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3">
      <p className="font-medium">
        {t(lead.status === 'existing_customer' ? 'agent.register.existing' : 'agent.register.registered', {
          name: lead.fullName,
        })}
      </p>
      {lead.customerId && (
        <Link to={customerPath(lead.customerId)} className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('agent.register.openCustomer', { name: lead.fullName })}
        </Link>
      )}
    </div>
  );
}

/**
 * The step that needs the network: EcoGrid has texted the customer a code; they read it back to
 * the agent, which is their consent, and their account is made (or found).
 */
export function LeadCodeStep({ lead: initial }: { lead: Lead }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lead, setLead] = useState(initial);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const fieldId = `lead-code-${lead.id}`;
  const done = (answer: Lead) => {
    setLead(answer);
    void queryClient.invalidateQueries({ queryKey: ['agent'] });
    void queryClient.invalidateQueries({ queryKey: ['kyc', 'agent-customers'] });
  };
  const confirm = useMutation({ mutationFn: confirmLead, retry: false, onSuccess: done });
  const resend = useMutation({ mutationFn: resendLeadCode, retry: false, onSuccess: setLead });
  const failure = confirm.error ?? resend.error;

  if (lead.status !== 'waiting_code') return <Registered lead={lead} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    setInvalid(!/^\d{6}$/.test(digits));
    if (!/^\d{6}$/.test(digits)) {
      document.getElementById(fieldId)?.focus();
      return;
    }
    resend.reset();
    confirm.mutate({ leadId: lead.id, code: digits });
  };
  const busy = confirm.isPending || resend.isPending;

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={busy}>
      <p className="rounded-lg border border-sky-200 bg-sky-50 p-3">
        {t('agent.register.askCode', { name: lead.fullName, phone: localPhone(lead.phone) || lead.phone })}
      </p>
      <TestModeCode code={lead.testModeCode} />
      <TextField
        id={fieldId}
        label={t('agent.consent.code')}
        hint={t('agent.consent.codeHint')}
        error={invalid ? t('agent.consent.codeInvalid') : undefined}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="tracking-widest tabular-nums"
        disabled={confirm.isPending}
      />
      {failure && <FormAlert>{failure instanceof Error ? failure.message : t('agent.failed')}</FormAlert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="w-full sm:w-auto" disabled={busy} aria-busy={confirm.isPending}>
          {confirm.isPending ? t('agent.consent.confirming') : t('agent.consent.confirm')}
        </Button>
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          disabled={busy}
          aria-busy={resend.isPending}
          onClick={() => {
            confirm.reset();
            resend.mutate(lead.id);
          }}
        >
          {resend.isPending ? t('agent.consent.resending') : t('agent.consent.resend')}
        </Button>
      </div>
    </form>
  );
}
