import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { Part } from '@/components/ui/part.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { transformationPlanQuery, type Impact } from './api.ts';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';

function useNumber() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : (i18n.resolvedLanguage ?? 'en');
  return useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format, [locale]);
}

function Figures({ impact }: { impact: Impact }) {
  const { t } = useTranslation();
  const number = useNumber();
  const figures = [
    ['units', impact.unitsSold],
    ['households', impact.householdsServed],
    ['kwh', impact.kwhDelivered],
    ['kerosene', impact.keroseneLitresAvoided],
    ['co2', impact.co2KgAvoided],
  ] as const;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {figures.map(([key, value]) => (
        <div key={key} className="rounded-xl border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-700">{t(`dashboard.plan.figures.${key}`)}</dt>
          <dd className="text-3xl font-bold text-brand-900 tabular-nums" data-testid={`figure-${key}`}>
            {number(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Method({ method }: { method: Impact['method'] }) {
  const { t } = useTranslation();
  const number = useNumber();
  return (
    <Part id="method-title" title={t('dashboard.plan.method.title')}>
      <ul className="list-disc space-y-2 pl-5">
        <li>{t('dashboard.plan.method.units')}</li>
        <li>
          {t('dashboard.plan.method.energy')}
          <ul className="mt-1 list-[circle] pl-5">
            {Object.entries(method.whPerDayByCategory).map(([slug, wh]) => (
              <li key={slug}>
                {t('dashboard.plan.method.perCategory', {
                  category: t(`categories.${slug}`, { defaultValue: slug }),
                  wh: number(wh),
                })}
              </li>
            ))}
            <li>{t('dashboard.plan.method.otherCategories', { wh: number(method.defaultWhPerDay) })}</li>
          </ul>
        </li>
        <li>{t('dashboard.plan.method.kerosene', { litres: number(method.keroseneLitresPerHouseholdDay) })}</li>
        <li>{t('dashboard.plan.method.co2', { kg: number(method.co2KgPerLitre) })}</li>
        <li>{t('dashboard.plan.method.limits')}</li>
      </ul>
    </Part>
  );
}

/**
 * /transformation-plan (public): the story of households moving from kerosene lamps to solar,
 * told with live figures, and how each figure is made.
 */
export default function TransformationPlanPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.transformationPlan'));
  const plan = useQuery(transformationPlanQuery);
  return (
    <section className="mx-auto max-w-2xl space-y-6 p-4" aria-labelledby="plan-title">
      <h1 id="plan-title" className="text-2xl font-bold">
        {t('dashboard.plan.title')}
      </h1>
      <p>{t('dashboard.plan.story')}</p>
      {plan.isPending ? (
        <SkeletonList label={t('dashboard.plan.loading')} count={2} />
      ) : plan.isError ? (
        <RetryAlert
          message={plan.error.message}
          retryLabel={t('dashboard.retry')}
          onRetry={() => void plan.refetch()}
        />
      ) : (
        <>
          <Part id="figures-title" title={t('dashboard.plan.figuresTitle')}>
            <Figures impact={plan.data} />
          </Part>
          <Part id="plan-next-title" title={t('dashboard.plan.nextTitle')}>
            <p>{t('dashboard.plan.next')}</p>
            <Link to="/marketplace" className={buttonClass('primary', 'w-full sm:w-auto')}>
              {t('dashboard.browse')}
            </Link>
          </Part>
          <Method method={plan.data.method} />
        </>
      )}
    </section>
  );
}
