import { withdrawalRequestSchema, ugandanMobile } from '@ecogrid/core/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { formatUgx } from '@/lib/money.ts';
import { startWithdrawal, type Wallet } from '../api.ts';
import { parseAmount, useFieldErrors, type FieldErrors } from '../form.ts';
import { useMoneyRequest } from '../use-money-request.ts';
import { firstInvalid, initialValues, MobileMoneyFields } from './mobile-money-fields.tsx';
import { PaymentProgress } from './payment-progress.tsx';
import { WithdrawalCheck, type WithdrawalDetails } from './withdrawal-check.tsx';

const ID = 'withdraw';
const detailsSchema = withdrawalRequestSchema.omit({ code: true });

type Props = { wallet: Wallet; onWatch: (paymentId: string | null) => void };

/** Money out of the wallet to MTN Mobile Money or Airtel Money, confirmed by a code. */
export function Withdraw({ wallet, onWatch }: Props) {
  const { t } = useTranslation();
  const { sms, authenticator } = wallet.withdrawalCheck;
  if (!sms && !authenticator) {
    return (
      <div className="space-y-3">
        <p>{t('wallet.withdraw.needsPhone')}</p>
        <Link to="/my-account" className={buttonClass('secondary')}>
          {t('wallet.withdraw.openMyAccount')}
        </Link>
      </div>
    );
  }
  return <WithdrawFlow wallet={wallet} onWatch={onWatch} method={authenticator ? 'authenticator' : 'sms'} />;
}

function WithdrawFlow({ wallet, onWatch, method }: Props & { method: 'authenticator' | 'sms' }) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [values, setValues] = useState(() => initialValues(wallet.phone));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [details, setDetails] = useState<WithdrawalDetails | null>(null);
  const { mutation: withdraw, payment, start: send, clear } = useMoneyRequest(startWithdrawal, onWatch);

  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = detailsSchema.safeParse({
      amount: parseAmount(values.amount),
      phone: values.phone,
      network: values.network,
    });
    const found = checked.success ? {} : fieldErrors(checked.error);
    if (checked.success && checked.data.amount > wallet.balance) {
      found.amount = t('wallet.withdraw.overBalance', { balance: formatUgx(wallet.balance) });
    }
    setErrors(found);
    const field = firstInvalid(found);
    if (field || !checked.success) {
      document.getElementById(field === 'network' ? `${ID}-network-${values.network}` : `${ID}-${field}`)?.focus();
      return;
    }
    withdraw.reset();
    setDetails({ ...checked.data, phone: ugandanMobile(checked.data.phone) ?? checked.data.phone });
  };

  const confirm = (code: string) => {
    if (!details) return;
    const checked = withdrawalRequestSchema.safeParse({ ...details, code });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    send(checked.data);
  };

  const back = () => {
    setDetails(null);
    setErrors({});
    withdraw.reset();
    requestAnimationFrame(() => document.getElementById(`${ID}-amount`)?.focus());
  };

  if (payment) {
    return (
      <PaymentProgress
        payment={payment}
        onAgain={(settled) => {
          clear();
          setDetails(null);
          onWatch(null);
          withdraw.reset();
          if (settled.status === 'successful') setValues((old) => ({ ...old, amount: '' }));
          requestAnimationFrame(() => document.getElementById(`${ID}-amount`)?.focus());
        }}
      />
    );
  }

  if (details) {
    return (
      <WithdrawalCheck
        details={details}
        method={method}
        busy={withdraw.isPending}
        error={withdraw.error?.message ?? null}
        codeError={errors.code}
        onSubmit={confirm}
        onBack={back}
      />
    );
  }

  return (
    <form onSubmit={next} noValidate className="space-y-4">
      <p className="text-sm text-stone-700">{t('wallet.withdraw.available', { balance: formatUgx(wallet.balance) })}</p>
      <MobileMoneyFields
        idPrefix={ID}
        values={values}
        onChange={setValues}
        errors={errors}
        amountLabel={t('wallet.withdraw.amount')}
        phoneLabel={t('wallet.withdraw.phone')}
      />
      <Button type="submit" className="w-full sm:w-auto">
        {t('wallet.withdraw.continue')}
      </Button>
    </form>
  );
}
