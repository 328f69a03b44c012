import { quoteLoan } from '@ecogrid/core/credit';
import type { Product } from '@ecogrid/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnline } from '@/components/ui/offline-notice.tsx';
import { formatUgx } from '@/lib/money.ts';
import { loanPlansQuery } from '@/lib/shared-queries.ts';

/** The credit plans of a recommended product, each as its deposit and payments, quoted from the plan itself. */
function CreditPlans({ product }: { product: Product }) {
  const { t } = useTranslation();
  const online = useOnline();
  const plans = useQuery({ ...loanPlansQuery(product.id), enabled: product.loanEligible });
  if (!product.loanEligible) return <p className="text-sm text-stone-700">{t('assistant.sizing.noCredit')}</p>;
  if (plans.data)
    return plans.data.length === 0 ? (
      <p className="text-sm text-stone-700">{t('assistant.sizing.noCredit')}</p>
    ) : (
      <ul className="space-y-1 text-sm text-stone-800">
        {plans.data.map((plan) => {
          const quote = quoteLoan(product.price, plan);
          return (
            <li key={plan.id}>
              <span className="font-medium">{plan.name}</span>:{' '}
              {t(`loans.plan.summary.${plan.frequency}`, {
                count: quote.instalments,
                deposit: formatUgx(quote.deposit),
                amount: formatUgx(quote.instalment),
              })}{' '}
              {t('assistant.sizing.creditTotal', { amount: formatUgx(quote.creditPrice) })}
            </li>
          );
        })}
      </ul>
    );
  if (!online) return <p className="text-sm text-stone-700">{t('assistant.sizing.plansOffline')}</p>;
  if (plans.isError) return <p className="text-sm text-stone-700">{t('loans.plan.loadFailed')}</p>;
  return <p className="text-sm text-stone-700">{t('loans.plan.loading')}</p>;
}

/** One recommended system: what it gives a day, its cash price and credit plans, and a link to it. */
export function RecommendationCard({ product, dailyWh }: { product: Product; dailyWh: number }) {
  const { t } = useTranslation();
  return (
    <article
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-4"
      aria-labelledby={`rec-${product.id}`}
    >
      <h4 id={`rec-${product.id}`} className="font-semibold">
        <Link to={`/product/${product.id}`} className="text-brand-800 underline">
          {product.name}
        </Link>
      </h4>
      <p className="text-sm text-stone-700">{t('assistant.sizing.gives', { wh: dailyWh })}</p>
      <p className="font-semibold">{t('assistant.sizing.cash', { amount: formatUgx(product.price) })}</p>
      <CreditPlans product={product} />
    </article>
  );
}
