import type { OrderSummary } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';

/** An order in two lines: its total and status, then the day it was placed. */
export function OrderFacts({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const { date } = useFormats();
  return (
    <>
      <p className="text-sm">
        {formatUgx(order.total)} · {t(`orders.status.${order.status}`, { defaultValue: order.status })}
      </p>
      <p className="text-sm text-stone-700">
        <time dateTime={order.createdAt}>{date(order.createdAt)}</time>
      </p>
    </>
  );
}
