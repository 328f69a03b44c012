import { PAYMENT_LIMITS } from '@ecogrid/core/payments';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MobileNumberFields, type MobileNumber } from '@/components/ui/mobile-number-fields.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { Wallet } from '../api.ts';
import type { CheckoutErrors, PayMethod } from '../checkout-form.ts';

type Props = {
  total: number;
  wallet: UseQueryResult<Wallet>;
  method: PayMethod;
  onMethod: (method: PayMethod) => void;
  number: MobileNumber;
  onNumber: (number: MobileNumber) => void;
  errors: CheckoutErrors;
  disabled: boolean;
};

/** Why the chosen way to pay cannot take this total, or null. */
export function paymentBlock(method: PayMethod, total: number, balance: number | undefined) {
  if (method === 'wallet') return balance !== undefined && balance < total ? 'short' : null;
  return total > PAYMENT_LIMITS.max ? 'tooLarge' : total < PAYMENT_LIMITS.min ? 'tooSmall' : null;
}

const option = (chosen: boolean) =>
  `flex min-h-11 items-start gap-3 rounded-lg border bg-white p-3 ${
    chosen ? 'border-brand-700 ring-1 ring-brand-700' : 'border-stone-300'
  }`;

/**
 * From the wallet (its balance shown, and a way to top up when it is short) or by MTN Mobile
 * Money / Airtel Money (the account's number prefilled, its network guessed, both changeable).
 */
export function PayWith({ total, wallet, method, onMethod, number, onNumber, errors, disabled }: Props) {
  const { t } = useTranslation();
  const balance = wallet.data?.balance;
  const block = paymentBlock(method, total, balance);
  return (
    <div className="space-y-3">
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="text-sm font-medium">{t('checkout.pay.legend')}</legend>
        <label className={option(method === 'wallet')}>
          <input
            type="radio"
            name="pay-with"
            value="wallet"
            checked={method === 'wallet'}
            onChange={() => onMethod('wallet')}
            className="mt-1 h-5 w-5 accent-brand-800"
          />
          <span>
            <span className="block font-medium">{t('checkout.pay.wallet')}</span>
            <span className="block text-sm text-stone-700" aria-live="polite">
              {wallet.isPending
                ? t('checkout.pay.checkingBalance')
                : wallet.isError
                  ? t('checkout.pay.balanceUnknown')
                  : t('checkout.pay.balance', { balance: formatUgx(balance ?? 0) })}
            </span>
          </span>
        </label>
        <label className={option(method === 'mobile_money')}>
          <input
            type="radio"
            name="pay-with"
            value="mobile_money"
            checked={method === 'mobile_money'}
            onChange={() => onMethod('mobile_money')}
            className="mt-1 h-5 w-5 accent-brand-800"
          />
          <span>
            <span className="block font-medium">{t('checkout.pay.mobileMoney')}</span>
            <span className="block text-sm text-stone-700">{t('checkout.pay.mobileMoneyHint')}</span>
          </span>
        </label>
      </fieldset>
      {block && (
        <div id="payment-block" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p>
            {block === 'short'
              ? t('checkout.pay.short', { balance: formatUgx(balance ?? 0), total: formatUgx(total) })
              : block === 'tooLarge'
                ? t('checkout.pay.tooLarge', { max: formatUgx(PAYMENT_LIMITS.max) })
                : t('checkout.pay.tooSmall', { min: formatUgx(PAYMENT_LIMITS.min) })}
          </p>
          {block === 'short' && (
            <Link
              to="/customer/wallet"
              className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
            >
              {t('checkout.pay.topUp')}
            </Link>
          )}
        </div>
      )}
      {method === 'mobile_money' && (
        <MobileNumberFields
          idPrefix="checkout"
          value={number}
          onChange={onNumber}
          errors={errors}
          phoneLabel={t('checkout.pay.phone')}
          phoneHint={t('wallet.form.phoneHint')}
          networkLabel={t('wallet.form.network')}
          disabled={disabled}
        />
      )}
    </div>
  );
}
