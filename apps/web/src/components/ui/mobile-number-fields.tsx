import { defaultNetwork, MOBILE_NETWORKS, NETWORK_NAMES } from '@ecogrid/core/payments';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { networksQuery } from '@/lib/shared-queries.ts';
import { TextField } from './text-field.tsx';
import { choiceClass } from '@/components/ui/choice.ts';

export type Network = (typeof MOBILE_NETWORKS)[number];

export type MobileNumber = {
  phone: string;
  network: Network;
  /** Once the customer picks a network by hand, a new number no longer changes it. */
  networkChosen: boolean;
};

type Props = {
  idPrefix: string;
  value: MobileNumber;
  onChange: (value: MobileNumber) => void;
  errors: { phone?: string | undefined; network?: string | undefined };
  phoneLabel: string;
  phoneHint: string;
  networkLabel: string;
  disabled?: boolean | undefined;
};

/**
 * A mobile-money number and its network (MTN or Airtel), guessed from the number's prefix
 * until the customer picks one: the wallet's top-ups and withdrawals and the checkout ask for it.
 * The first radio button's id is `${idPrefix}-network-${network}`, for focus after a refusal.
 */
export function MobileNumberFields({
  idPrefix,
  value,
  onChange,
  errors,
  phoneLabel,
  phoneHint,
  networkLabel,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const { data: networks } = useQuery(networksQuery);
  // A network this EcoGrid does not take is shown, but cannot be chosen.
  const off = (network: Network) => networks?.networks.some((n) => n.network === network && n.mode === 'off') ?? false;
  const networkError = errors.network ? `${idPrefix}-network-error` : undefined;
  return (
    <>
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label={phoneLabel}
        hint={phoneHint}
        error={errors.phone}
        value={value.phone}
        onChange={(event) => {
          const phone = event.target.value;
          onChange({ ...value, phone, network: value.networkChosen ? value.network : defaultNetwork(phone) });
        }}
        autoComplete="tel"
        maxLength={30}
        disabled={disabled}
      />
      <fieldset className="space-y-2" aria-describedby={networkError} disabled={disabled}>
        <legend className="text-sm font-medium">{networkLabel}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MOBILE_NETWORKS.map((network) => (
            <label key={network} className={choiceClass(value.network === network)}>
              <input
                type="radio"
                id={`${idPrefix}-network-${network}`}
                name={`${idPrefix}-network`}
                value={network}
                checked={value.network === network}
                disabled={off(network)}
                onChange={() => onChange({ ...value, network, networkChosen: true })}
                className="h-5 w-5 accent-brand-800"
              />
              <span className="font-medium">
                {NETWORK_NAMES[network]}
                {off(network) && <span className="block text-sm font-normal">{t('testMode.networkOff')}</span>}
              </span>
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
