import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { heldReceiptsQuery, type PaybillReceipt } from './api.ts';
import { ReceiptDecision } from './receipt-decision.tsx';

/** /admin/paybill: paybill payments that matched no loan, wallet or order, to assign or return. */
export default function PaybillPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(heldReceiptsQuery());
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="paybill-title">
      <AdminPageHeader titleId="paybill-title" title={t('admin.paybill.title')}>
        <p>{t('admin.paybill.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <p role="status" className="text-sm font-medium text-green-900">
        {done}
      </p>
      <PagedList
        refresh
        query={query}
        label={t('admin.paybill.title')}
        loadingLabel={t('admin.paybill.loading')}
        emptyText={t('admin.paybill.empty')}
        shown={(count) => t('admin.paybill.shown', { count })}
      >
        {(receipt) => <ReceiptCard key={receipt.id} receipt={receipt} onDone={setDone} />}
      </PagedList>
    </section>
  );
}

function ReceiptCard({ receipt, onDone }: { receipt: PaybillReceipt; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const [open, setOpen] = useState(false);
  const titleId = `receipt-${receipt.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-300 bg-white p-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('admin.paybill.from', { amount: formatUgx(receipt.amount), phone: localPhone(receipt.payerPhone) })}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-700">{t('admin.paybill.account')}</dt>
          <dd className="break-all">{receipt.account || t('admin.paybill.noAccount')}</dd>
          <dt className="text-stone-700">{t('admin.paybill.why')}</dt>
          <dd>{t(`admin.paybill.reason.${receipt.reason ?? 'unknown_account'}`)}</dd>
          <dt className="text-stone-700">{t('admin.paybill.paidAt')}</dt>
          <dd>{dateTime(receipt.paidAt)}</dd>
          <dt className="text-stone-700">{t('admin.paybill.networkRef')}</dt>
          <dd className="break-all">
            {receipt.network ? t(`payments.method.${receipt.network}`) : ''} {receipt.networkRef ?? ''}
          </dd>
        </dl>
        {open ? (
          <ReceiptDecision receipt={receipt} onDone={onDone} onCancel={() => setOpen(false)} />
        ) : (
          <Button variant="secondary" onClick={() => setOpen(true)} aria-describedby={titleId}>
            {t('admin.paybill.deal')}
          </Button>
        )}
      </article>
    </li>
  );
}
