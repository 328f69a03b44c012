import { defaultNetwork, MOBILE_NETWORKS, NETWORK_NAMES, PAYMENT_LIMITS } from '@ecogrid/core/payments';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { localPhone, type FieldErrors } from '../form.ts';

export type Network = (typeof MOBILE_NETWORKS)[number];

export type MoneyFormValues = {
  amount: string;
  phone: string;
  network: Network;
  /** Once the customer picks a network by hand, a new number no longer changes it. */
  networkChosen: boolean;
};

/** The account's confirmed phone, and the network its prefix belongs to. */
export const initialValues = (phone: string | null): MoneyFormValues => ({
  amount: '',
  phone: localPhone(phone),
  network: defaultNetwork(phone),
  networkChosen: false,
});

/** The first field with an error, for focus. */
export const firstInvalid = (errors: FieldErrors) =>
  (['amount', 'phone', 'network', 'code'] as const).find((field) => errors[field]);

type Props = {
  idPrefix: string;
  values: MoneyFormValues;
  onChange: (values: MoneyFormValues) => void;
  errors: FieldErrors;
  amountLabel: string;
  phoneLabel: string;
  disabled?: boolean;
};

/** Amount, mobile-money number and network, as top-ups and withdrawals both ask for them. */
export function MobileMoneyFields({ idPrefix, values, onChange, errors, amountLabel, phoneLabel, disabled }: Props) {
  const { t } = useTranslation();
  const networkError = errors.network ? `${idPrefix}-network-error` : undefined;
  return (
    <>
      <TextField
        id={`${idPrefix}-amount`}
        name="amount"
        label={amountLabel}
        hint={t('wallet.form.amountHint', {
          min: formatUgx(PAYMENT_LIMITS.min),
          max: formatUgx(PAYMENT_LIMITS.max),
        })}
        error={errors.amount}
        value={values.amount}
        onChange={(event) => onChange({ ...values, amount: event.target.value })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label={phoneLabel}
        hint={t('wallet.form.phoneHint')}
        error={errors.phone}
        value={values.phone}
        onChange={(event) => {
          const phone = event.target.value;
          onChange({ ...values, phone, network: values.networkChosen ? values.network : defaultNetwork(phone) });
        }}
        autoComplete="tel"
        maxLength={30}
        disabled={disabled}
      />
      <fieldset className="space-y-2" aria-describedby={networkError} disabled={disabled}>
        <legend className="text-sm font-medium">{t('wallet.form.network')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MOBILE_NETWORKS.map((network) => (
            <label
              key={network}
              className={`flex min-h-11 items-center gap-3 rounded-lg border bg-white px-3 py-2 ${
                values.network === network ? 'border-brand-700 ring-1 ring-brand-700' : 'border-stone-300'
              }`}
            >
              <input
                type="radio"
                id={`${idPrefix}-network-${network}`}
                name={`${idPrefix}-network`}
                value={network}
                checked={values.network === network}
                onChange={() => onChange({ ...values, network, networkChosen: true })}
                className="h-5 w-5 accent-brand-800"
              />
              <span className="font-medium">{NETWORK_NAMES[network]}</span>
            </label>
          ))}
        </div>
        {errors.network && (
          <p id={networkError} className="text-sm font-medium text-red-800">
            {errors.network}
          </p>
        )}
      </fieldset>
    </>
  );
}
