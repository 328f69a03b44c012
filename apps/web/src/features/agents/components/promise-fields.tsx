import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field.tsx';

type Props = {
  idPrefix: string;
  amountLabel: string;
  amount: string;
  date: string;
  errors: { promiseAmount?: string; promiseDate?: string };
  onAmount: (value: string) => void;
  onDate: (value: string) => void;
  /** Said under the amount: the most that may be promised. */
  amountHint?: string;
  /** The earliest date that may be promised (yyyy-mm-dd). */
  minDate?: string;
};

/** A promise to pay: the amount (UGX, as typed) and the date, as `${idPrefix}-promiseAmount` and `-promiseDate`. */
export function PromiseFields({
  idPrefix,
  amountLabel,
  amount,
  date,
  errors,
  onAmount,
  onDate,
  amountHint,
  minDate,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-promiseAmount`}
        label={amountLabel}
        hint={amountHint}
        error={errors.promiseAmount}
        value={amount}
        onChange={(event) => onAmount(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
      />
      <TextField
        id={`${idPrefix}-promiseDate`}
        type="date"
        label={t('agent.note.promiseDate')}
        error={errors.promiseDate}
        value={date}
        min={minDate}
        onChange={(event) => onDate(event.target.value)}
      />
    </>
  );
}
