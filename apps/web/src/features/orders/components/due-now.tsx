import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';

/** With credit: the most paid now, the order and the deposits, and that only a loan approved at once takes its deposit. */
export function DueNow({ order, deposits }: { order: number | null; deposits: number }) {
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
      <p className="text-sm text-stone-600">{t('checkout.dueNow.note')}</p>
    </div>
  );
}
