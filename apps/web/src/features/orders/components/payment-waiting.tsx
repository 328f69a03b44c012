import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import type { Order } from '../api.ts';

/**
 * An order waiting for its mobile-money payment: what to do on the phone, and the USSD code
 * to dial when no prompt comes. `focus` brings keyboard and screen-reader users here at once.
 */
export function PaymentWaiting({ order, focus = false }: { order: Order; focus?: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const network = t(`payments.method.${order.paymentMethod}`);
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-busy="true">
      <div role="status" aria-live="polite" className="space-y-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {t('wallet.progress.waitingTopUp')}
        </h2>
        <p>{t('orders.waiting.approve', { network, amount: formatUgx(order.total), number: order.number })}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t('wallet.progress.waitingLabel')}
        className="h-2 overflow-hidden rounded-full bg-amber-100"
      >
        <div className="h-full w-1/3 animate-pulse rounded-full bg-sun-500" />
      </div>
      <p className="rounded-lg bg-white p-3 text-sm">
        {order.paymentMethod === 'airtel' ? t('wallet.progress.noPromptAirtel') : t('wallet.progress.noPromptMtn')}
      </p>
      {order.paymentReference && (
        <p className="text-sm text-stone-700">{t('wallet.reference', { reference: order.paymentReference })}</p>
      )}
      <p className="text-sm">{t('orders.waiting.keepOpen')}</p>
    </div>
  );
}
