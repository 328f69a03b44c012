import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The payment's method: Airtel Money has its own USSD code. */
  method: string;
  reference: string | null;
  /** What is being approved, and for how much. */
  children: ReactNode;
  /** Where the outcome shows if the customer leaves the page. */
  keepOpen: string;
  /** Brings keyboard and screen-reader users here at once. */
  focus?: boolean;
};

/** A bar that says, to eyes and to screen readers, that the network's answer is awaited. */
export function WaitingBar() {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={t('wallet.progress.waitingLabel')}
      className="h-2 overflow-hidden rounded-full bg-amber-100"
    >
      <div className="h-full w-1/3 animate-pulse rounded-full bg-sun-500" />
    </div>
  );
}

/**
 * A mobile-money payment waiting for the customer's approval on the phone: what to do, the USSD
 * code to dial when no prompt comes, the reference to quote, and that the page updates itself.
 */
export function PhoneApproval({ method, reference, children, keepOpen, focus = false }: Props) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-busy="true">
      <div role="status" aria-live="polite" className="space-y-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {t('wallet.progress.waitingTopUp')}
        </h2>
        <p>{children}</p>
      </div>
      <WaitingBar />
      <p className="rounded-lg bg-white p-3 text-sm">
        {method === 'airtel' ? t('wallet.progress.noPromptAirtel') : t('wallet.progress.noPromptMtn')}
      </p>
      {reference && <p className="text-sm text-stone-700">{t('wallet.reference', { reference })}</p>}
      <p className="text-sm">{keepOpen}</p>
    </div>
  );
}
