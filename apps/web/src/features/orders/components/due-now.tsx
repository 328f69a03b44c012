import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';

/** With credit: what is paid now, the order and the deposits, and that a loan waiting for approval takes nothing yet. */
export function DueNow({ order, deposits, held }: { order: number | null; deposits: number; held: number }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <dl className="space-y-1">
        {order !== null && (
          <div className="flex justify-between gap-2">
            <dt>{t('checkout.dueNow.order')}</dt>
            <dd className="tabular-nums">{formatUgx(order)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-2">
          <dt>{t('checkout.dueNow.deposits')}</dt>
          <dd className="tabular-nums">{formatUgx(deposits)}</dd>
        </div>
        <div className="flex justify-between gap-2 text-lg font-semibold">
          <dt>{t('checkout.dueNow.total')}</dt>
          <dd className="tabular-nums" data-testid="due-now">
            {formatUgx((order ?? 0) + deposits)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-stone-600">
        {held > 0 ? t('checkout.dueNow.held', { count: held }) : t('checkout.dueNow.note')}
      </p>
    </div>
  );
}
