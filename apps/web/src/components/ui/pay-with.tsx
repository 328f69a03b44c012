import { PAYMENT_LIMITS, ugandanMobile } from '@ecogrid/core/payments';
import type { Wallet } from '@ecogrid/core/wallet.responses';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { MobileNumberFields, type MobileNumber } from './mobile-number-fields.tsx';
import { choiceClass } from '@/components/ui/choice.ts';

export type PayMethod = 'wallet' | 'mobile_money';
/** Checkout also takes paying on delivery (or at pickup), offered by its own choice (`more`). */
export type CheckoutPayMethod = PayMethod | 'on_delivery';

/** A payment as the API takes it: the wallet, or a mobile-money number in E.164 and its network. */
export type PaymentChoice =
  { method: 'wallet' } | { method: 'mobile_money'; phone: string; network: MobileNumber['network'] };

export const paymentChoice = (method: PayMethod, number: MobileNumber): PaymentChoice =>
  method === 'wallet'
    ? { method: 'wallet' }
    : { method: 'mobile_money', phone: ugandanMobile(number.phone) ?? number.phone, network: number.network };

type Props = {
  /** Prefix of the fields' ids: `${idPrefix}-phone`, `${idPrefix}-network-mtn`, `${idPrefix}-payment-block`. */
  idPrefix: string;
  /** Each payment the chosen way must make (an order, deposits): the wallet pays their sum, mobile money each one. */
  amounts: readonly number[];
  /** What the money is for, in the wallet-is-short message. */
  what?: 'order' | 'payment';
  wallet: UseQueryResult<Wallet>;
  method: CheckoutPayMethod;
  onMethod: (method: PayMethod) => void;
  number: MobileNumber;
  onNumber: (number: MobileNumber) => void;
  errors: { phone?: string | undefined; network?: string | undefined };
  disabled: boolean;
  /** More ways to pay, in the same group after mobile money (checkout's pay on delivery). */
  more?: ReactNode;
};

/** The id of the message that says why the chosen way cannot pay, for the submit button's aria-describedby. */
export const paymentBlockId = (idPrefix: string) => `${idPrefix}-payment-block`;

/** Why the chosen way to pay cannot take these amounts, or null. Nothing to pay (0) blocks nothing. */
export function paymentBlock(method: CheckoutPayMethod, amounts: readonly number[], balance: number | undefined) {
  if (method === 'on_delivery') return null;
  const due = amounts.filter((amount) => amount > 0);
  if (method === 'wallet') {
    const total = due.reduce((sum, amount) => sum + amount, 0);
    return balance !== undefined && balance < total ? 'short' : null;
  }
  return due.some((amount) => amount > PAYMENT_LIMITS.max)
    ? 'tooLarge'
    : due.some((amount) => amount < PAYMENT_LIMITS.min)
      ? 'tooSmall'
      : null;
}

/** The way to the wallet, to top it up when it is short. */
export function TopUpLink() {
  const { t } = useTranslation();
  return (
    <Link to="/customer/wallet" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
      {t('checkout.pay.topUp')}
    </Link>
  );
}

/**
 * From the wallet (its balance shown, and a way to top up when it is short) or by MTN Mobile
 * Money / Airtel Money (the account's number prefilled, its network guessed, both changeable):
 * checkout and the loan payments ask for it.
 */
export function PayWith({
  idPrefix,
  amounts,
  what = 'order',
  wallet,
  method,
  onMethod,
  number,
  onNumber,
  errors,
  disabled,
  more,
}: Props) {
  const { t } = useTranslation();
  const balance = wallet.data?.balance;
  const block = paymentBlock(method, amounts, balance);
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return (
    <div className="space-y-3">
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="text-sm font-medium">{t('checkout.pay.legend')}</legend>
        <label className={choiceClass(method === 'wallet', 'card')}>
          <input
            type="radio"
            name={`${idPrefix}-pay-with`}
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
        <label className={choiceClass(method === 'mobile_money', 'card')}>
          <input
            type="radio"
            name={`${idPrefix}-pay-with`}
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
        {more}
      </fieldset>
      {block && (
        <div
          id={paymentBlockId(idPrefix)}
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          <p>
            {block === 'short'
              ? t(what === 'order' ? 'checkout.pay.short' : 'checkout.pay.shortPayment', {
                  balance: formatUgx(balance ?? 0),
                  total: formatUgx(total),
                })
              : block === 'tooLarge'
                ? t(what === 'order' ? 'checkout.pay.tooLarge' : 'checkout.pay.tooLargePayment', {
                    max: formatUgx(PAYMENT_LIMITS.max),
                  })
                : t('checkout.pay.tooSmall', { min: formatUgx(PAYMENT_LIMITS.min) })}
          </p>
          {block === 'short' && <TopUpLink />}
        </div>
      )}
      {method === 'mobile_money' && (
        <MobileNumberFields
          idPrefix={idPrefix}
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
