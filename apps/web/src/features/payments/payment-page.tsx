import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { paymentQuery, type AdminPayment } from './api.ts';
import { PersonCard } from '@/components/admin/person-card.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { Part } from '@/components/ui/part.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { useStatusAnnouncement } from '@/components/admin/status-announcement.tsx';
import { PaymentAuditList, PaymentEvents, PaymentJournal } from './payment-history.tsx';
import { PaymentStatusBadge } from './payment-status.tsx';
import { ResolvePayment } from './resolve-payment.tsx';
import { useFormats } from '@/lib/formats.ts';

function Summary({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formats.stamp(iso)}</time> : '—');
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PaymentStatusBadge status={payment.status} />
        <span className="text-2xl font-bold tabular-nums">{formatUgx(payment.amount)}</span>
      </div>
      <dl className="space-y-1 text-sm">
        <Fact term={t('admin.payments.purposeLabel')}>{t(`payments.purpose.${payment.purpose}`)}</Fact>
        <Fact term={t('admin.payments.methodLabel')}>{t(`payments.method.${payment.method}`)}</Fact>
        {payment.phone && <Fact term={t('admin.payments.phone')}>{payment.phone}</Fact>}
        <Fact term={t('admin.payments.created')}>{when(payment.createdAt)}</Fact>
        <Fact term={t('admin.payments.updated')}>{when(payment.updatedAt)}</Fact>
        {payment.settledAt && <Fact term={t('admin.payments.settled')}>{when(payment.settledAt)}</Fact>}
        {payment.status === 'pending' && payment.expiresAt && (
          <Fact term={t('admin.payments.expires')}>{when(payment.expiresAt)}</Fact>
        )}
        {payment.failureReason && (
          <Fact term={t('admin.payments.failure')}>
            {payment.failureMessage ?? payment.failureReason}{' '}
            <span className="font-mono text-xs text-stone-600">({payment.failureReason})</span>
          </Fact>
        )}
        {payment.orderId && (
          <Fact term={t('admin.payments.order')}>
            <span className="font-mono text-xs break-all">{payment.orderId}</span>
          </Fact>
        )}
      </dl>
    </div>
  );
}

/**
 * /admin/payments/:id: one payment with its customer, what happened to it (events), the money
 * it moved (journal postings), what admins did (audit), and the way to resolve it by hand.
 */
export default function PaymentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery(paymentQuery(id));
  const { announce, announcement } = useStatusAnnouncement();
  const title = detail.data?.payment.reference ?? t('admin.payments.one');

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="payment-title">
      <AdminPageHeader titleId="payment-title" title={title}>
        <p>
          <Link to="/admin/payments" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('admin.payments.backToList')}
          </Link>
        </p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      {announcement}
      <AdminQuery query={detail} loadingLabel={t('admin.payments.loadingOne')} count={3}>
        {(data) => (
          <>
            <div className="grid gap-6 md:grid-cols-2 md:gap-3">
              <Part className="space-y-3" id="summary-title" title={t('admin.payments.one')}>
                <Summary payment={data.payment} />
              </Part>
              <Part className="space-y-3" id="customer-title" title={t('admin.payments.customer')}>
                <PersonCard person={data.payment.user} />
              </Part>
            </div>
            {(data.actions.markFailed || data.actions.refund) && (
              <Part className="space-y-3" id="resolve-title" title={t('admin.payments.resolveTitle')}>
                <p className="text-stone-700">{t('admin.payments.resolveIntro')}</p>
                <ResolvePayment key={data.payment.updatedAt} detail={data} onResolved={announce} />
              </Part>
            )}
            <Part className="space-y-3" id="events-title" title={t('admin.payments.eventsTitle')}>
              <PaymentEvents events={data.events} />
            </Part>
            <Part className="space-y-3" id="journal-title" title={t('admin.payments.journalTitle')}>
              <PaymentJournal journal={data.journal} />
            </Part>
            <Part className="space-y-3" id="audit-title" title={t('admin.payments.auditTitle')}>
              <PaymentAuditList audit={data.audit} />
            </Part>
          </>
        )}
      </AdminQuery>
    </section>
  );
}
