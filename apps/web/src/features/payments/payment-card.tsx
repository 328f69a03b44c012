import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import type { AdminPayment } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { PaymentStatusBadge } from './payment-status.tsx';

/** One payment in the admin list: its reference (the way in), status, amount, and whose it is. */
export function PaymentCard({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <PaymentStatusBadge status={payment.status} />
          <span className="text-sm text-stone-700">{t(`payments.purpose.${payment.purpose}`)}</span>
          <time dateTime={payment.createdAt} className="ml-auto text-sm text-stone-700">
            {formats.stamp(payment.createdAt)}
          </time>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={titleId} className="font-mono text-base font-semibold">
            <Link to={`/admin/payments/${encodeURIComponent(payment.id)}`} className="text-brand-800 underline">
              {payment.reference}
            </Link>
          </h2>
          <span className="text-lg font-semibold tabular-nums">{formatUgx(payment.amount)}</span>
        </div>
        <p className="text-sm break-words">
          {payment.user.name}
          {payment.user.email && <span className="text-stone-600"> · {payment.user.email}</span>}
        </p>
        <p className="text-sm text-stone-700">
          {t(`payments.method.${payment.method}`)}
          {payment.phone && ` · ${payment.phone}`}
        </p>
      </article>
    </li>
  );
}
