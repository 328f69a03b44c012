import { topUpRequestSchema, ugandanMobile } from '@ecogrid/core/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { startTopUp, type Wallet } from '../api.ts';
import { parseAmount, useFieldErrors, type FieldErrors } from '../form.ts';
import { useMoneyRequest } from '../use-money-request.ts';
import { firstInvalid, initialValues, MobileMoneyFields } from './mobile-money-fields.tsx';
import { PaymentProgress } from './payment-progress.tsx';

const ID = 'top-up';

/**
 * Top up from MTN Mobile Money or Airtel Money: checked here with the server's own schema,
 * then a prompt on the phone, watched until the network approves or refuses it.
 */
export function TopUp({ wallet, onWatch }: { wallet: Wallet; onWatch: (paymentId: string | null) => void }) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [values, setValues] = useState(() => initialValues(wallet.phone));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { mutation: start, payment, start: send, clear } = useMoneyRequest(startTopUp, onWatch);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = topUpRequestSchema.safeParse({
      amount: parseAmount(values.amount),
      phone: values.phone,
      network: values.network,
    });
    if (!checked.success) {
      const found = fieldErrors(checked.error);
      setErrors(found);
      const field = firstInvalid(found);
      document.getElementById(field === 'network' ? `${ID}-network-${values.network}` : `${ID}-${field}`)?.focus();
      return;
    }
    setErrors({});
    const request = { ...checked.data, phone: ugandanMobile(checked.data.phone) ?? checked.data.phone };
    send(request);
  };

  if (payment) {
    return (
      <PaymentProgress
        payment={payment}
        onAgain={(settled) => {
          clear();
          onWatch(null);
          start.reset();
          // After a refusal the same details come back to be corrected; after a success, a new amount.
          if (settled.status === 'successful') setValues((old) => ({ ...old, amount: '' }));
          requestAnimationFrame(() => document.getElementById(`${ID}-amount`)?.focus());
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={start.isPending}>
      <MobileMoneyFields
        idPrefix={ID}
        values={values}
        onChange={setValues}
        errors={errors}
        amountLabel={t('wallet.topUp.amount')}
        phoneLabel={t('wallet.topUp.phone')}
        disabled={start.isPending}
      />
      {start.isError && <FormAlert>{start.error.message}</FormAlert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={start.isPending} aria-busy={start.isPending}>
        {start.isPending ? t('wallet.topUp.starting') : t('wallet.topUp.submit')}
      </Button>
    </form>
  );
}
