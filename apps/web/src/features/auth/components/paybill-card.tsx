import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { networksQuery } from '@/lib/shared-queries.ts';

/**
 * The customer's account number, to pay from any phone by paybill, with the steps on each
 * network when the business number is set.
 */
export function PaybillCard({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation();
  const networks = useQuery(networksQuery);
  const business = networks.data?.paybillNumber ?? null;
  return (
    <section aria-labelledby="paybill-title" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="paybill-title" className="text-lg font-semibold">
        {t('auth.paybill.heading')}
      </h2>
      <p>
        {t('auth.paybill.yourNumber')} <strong className="font-mono text-xl tracking-wider">{accountNumber}</strong>
      </p>
      {business && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
          <li>{t('auth.paybill.mtn', { business, account: accountNumber })}</li>
          <li>{t('auth.paybill.airtel', { business, account: accountNumber })}</li>
        </ul>
      )}
      <p className="text-sm text-stone-700">{t('auth.paybill.loanHint')}</p>
    </section>
  );
}
