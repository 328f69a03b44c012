import { guessNetwork, type MobileNetwork } from '@ecogrid/core/phone';
import { ugandanMobile } from '@ecogrid/core/payments';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { newIdempotencyKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { promptDeliveryPayment, type AgentDelivery } from './deliveries-api.ts';

/**
 * On the spot: the customer's phone is asked to approve the order's total by mobile money (their
 * own number, or one typed); the list then waits for the money (`onSent`).
 */
export function DeliveryPromptForm({ delivery, onSent }: { delivery: AgentDelivery; onSent: () => void }) {
  const { t } = useTranslation();
  const idPrefix = `prompt-${delivery.id}`;
  const [phone, setPhone] = useState(localPhone(delivery.customer.phone));
  const [network, setNetwork] = useState<MobileNetwork | ''>('');
  const [error, setError] = useState<string | undefined>();
  const key = useRef(newIdempotencyKey());
  const sent = useRef<HTMLParagraphElement>(null);
  const send = useMutation({ mutationFn: promptDeliveryPayment, onSuccess: onSent });
  // The form (and its button, which had focus) gives way to what happened: focus goes there.
  useEffect(() => {
    if (send.isSuccess) sent.current?.focus();
  }, [send.isSuccess]);
  // A number whose prefix does not tell its network (moved between networks) needs it said.
  const typed = ugandanMobile(phone);
  const unknownNetwork = typed !== null && guessNetwork(typed) === null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const e164 = ugandanMobile(phone);
    if (!e164) {
      setError(t('agent.deliveries.phoneInvalid'));
      document.getElementById(`${idPrefix}-phone`)?.focus();
      return;
    }
    if (unknownNetwork && !network) {
      setError(undefined);
      document.getElementById(`${idPrefix}-network`)?.focus();
      return;
    }
    setError(undefined);
    send.mutate({
      id: delivery.id,
      prompt: { phone: e164, ...(unknownNetwork && network ? { network } : {}) },
      key: key.current,
    });
  };

  if (send.isSuccess) {
    return (
      <p ref={sent} tabIndex={-1} role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3">
        {t('agent.deliveries.promptSent', {
          amount: formatUgx(delivery.total),
          phone: localPhone(send.data.payment.phone ?? null) || phone,
          name: delivery.customer.name,
        })}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={send.isPending}>
      <TextField
        id={`${idPrefix}-phone`}
        label={t('agent.deliveries.promptPhone')}
        hint={t('agent.deliveries.promptHint', { amount: formatUgx(delivery.total) })}
        error={error}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
      />
      {unknownNetwork && (
        <SelectField
          id={`${idPrefix}-network`}
          label={t('agent.deliveries.network')}
          placeholder={t('agent.deliveries.chooseNetwork')}
          options={[
            { value: 'mtn', label: 'MTN Mobile Money' },
            { value: 'airtel', label: 'Airtel Money' },
          ]}
          value={network}
          onChange={(event) => setNetwork(event.target.value as MobileNetwork | '')}
        />
      )}
      {send.isError && <FormAlert>{send.error.message}</FormAlert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? t('agent.deliveries.prompting') : t('agent.deliveries.prompt')}
      </Button>
    </form>
  );
}
