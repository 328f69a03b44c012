import { defaultNetwork, PAYMENT_LIMITS } from '@ecogrid/core/payments';
import { useTranslation } from 'react-i18next';
import { MobileNumberFields, type MobileNumber } from '@/components/ui/mobile-number-fields.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { localPhone, type FieldErrors } from '../form.ts';

export type MoneyFormValues = MobileNumber & { amount: string };

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
      <MobileNumberFields
        idPrefix={idPrefix}
        value={values}
        onChange={(number) => onChange({ ...values, ...number })}
        errors={errors}
        phoneLabel={phoneLabel}
        phoneHint={t('wallet.form.phoneHint')}
        networkLabel={t('wallet.form.network')}
        disabled={disabled}
      />
    </>
  );
}
