import { DELIVERY_PLAN_STATUSES } from '@ecogrid/core/orders';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrderAuditList, OrderSummaryCard } from './order-facts.tsx';
import { OrderLines, OrderTimeline } from '../components/order-details.tsx';
import { CollectorForm } from './collector-form.tsx';
import { DeliveryPlanForm } from './delivery-plan-form.tsx';
import { OrderMoves } from './order-moves.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { useStatusAnnouncement } from '@/components/admin/status-announcement.tsx';
import { PersonCard } from '@/components/admin/person-card.tsx';
import { useFormats } from '@/lib/formats.ts';
import { Part } from '@/components/ui/part.tsx';
import { adminOrderQuery } from './api.ts';

/**
 * /admin/orders/:id: one order with its customer, items, payment and timeline, the allowed next
 * statuses (each confirmed, a cancellation with its reason), and the audit trail.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery(adminOrderQuery(id));
  const formats = useFormats();
  const { announce, announcement } = useStatusAnnouncement();
  const order = detail.data;

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="order-title">
      <AdminPageHeader titleId="order-title" title={order?.number ?? t('admin.orders.one')}>
        <p>
          <Link to="/admin/orders" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('admin.orders.backToList')}
          </Link>
        </p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      {announcement}
      <AdminQuery query={detail} loadingLabel={t('admin.orders.loadingOne')} count={3}>
        {(data) => (
          <>
            <div className="grid gap-6 md:grid-cols-2 md:gap-3">
              <Part className="min-w-0 space-y-3" id="summary-title" title={t('admin.orders.one')}>
                <OrderSummaryCard order={data} />
              </Part>
              <Part className="min-w-0 space-y-3" id="customer-title" title={t('admin.payments.customer')}>
                <PersonCard person={data.customer} />
              </Part>
            </div>
            <Part className="min-w-0 space-y-3" id="moves-title" title={t('admin.orders.movesTitle')}>
              <OrderMoves key={data.status} order={data} onMoved={announce} />
            </Part>
            {data.payOnDelivery && data.status === 'pending_payment' && (
              <Part className="min-w-0 space-y-3" id="collector-title" title={t('admin.orders.collector.title')}>
                <CollectorForm key={data.payOnDelivery.collector?.name ?? ''} order={data} onSaved={announce} />
              </Part>
            )}
            {(DELIVERY_PLAN_STATUSES.includes(data.status) ||
              (data.payOnDelivery !== null && data.status === 'pending_payment')) && (
              <Part className="min-w-0 space-y-3" id="plan-title" title={t('admin.orders.plan.title')}>
                <DeliveryPlanForm key={`${data.expectedOn}-${data.courier?.phone}`} order={data} onSaved={announce} />
              </Part>
            )}
            <Part className="min-w-0 space-y-3" id="items-title" title={t('orders.itemsTitle')}>
              <OrderLines order={data} withSku />
            </Part>
            <Part className="min-w-0 space-y-3" id="timeline-title" title={t('orders.timelineTitle')}>
              <OrderTimeline timeline={data.timeline} formatAt={formats.stamp} />
            </Part>
            <Part className="min-w-0 space-y-3" id="audit-title" title={t('admin.orders.auditTitle')}>
              <OrderAuditList order={data} />
            </Part>
          </>
        )}
      </AdminQuery>
    </section>
  );
}
