import { useTranslation } from 'react-i18next';
import { PhoneApproval } from '@/components/ui/phone-approval.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { Order } from '../api.ts';

/** An order waiting for its mobile-money payment; `focus` brings keyboard and screen-reader users here at once. */
export function PaymentWaiting({ order, focus = false }: { order: Order; focus?: boolean }) {
  const { t } = useTranslation();
  const network = t(`payments.method.${order.paymentMethod}`);
  return (
    <PhoneApproval
      method={order.paymentMethod}
      reference={order.paymentReference}
      keepOpen={t('orders.waiting.keepOpen')}
      focus={focus}
    >
      {t('orders.waiting.approve', { network, amount: formatUgx(order.total), number: order.number })}
    </PhoneApproval>
  );
}
