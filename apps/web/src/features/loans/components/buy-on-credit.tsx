import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { loanPlansQuery } from '../api.ts';
import { rememberPlan, startingPlan } from '../chosen-plan.ts';
import { PlanTerms } from './loan-terms.tsx';
import { PlanChoice } from './plan-choice.tsx';

type Props = {
  product: { id: string; price: number; loanEligible: boolean };
  /** What adds the product to the cart on credit (the cart's button); the chosen plan is kept for checkout. */
  children: ReactNode;
};

/**
 * Buy on credit, on a product's page: the plans it is sold on, and for the chosen one the
 * cash and credit prices, deposit, instalments, cost of credit and every payment date, all
 * before it goes into the cart. Nothing shows for a product not sold on credit, or without plans.
 */
export function BuyOnCredit({ product, children }: Props) {
  const { t } = useTranslation();
  const plans = useQuery({ ...loanPlansQuery(product.id), enabled: product.loanEligible });
  const [chosen, setChosen] = useState<string | null>(null);
  if (!product.loanEligible) return null;
  if (plans.isPending) {
    return (
      <p role="status" className="animate-pulse rounded-lg bg-stone-100 p-4 text-sm text-stone-700">
        {t('loans.plan.loading')}
      </p>
    );
  }
  if (plans.isError) {
    return (
      <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <p>{t('loans.plan.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void plans.refetch()}>
          {t('loans.retry')}
        </Button>
      </div>
    );
  }
  const offered = plans.data;
  const start = chosen ?? startingPlan(product.id, offered);
  const shown = offered.find((plan) => plan.id === start) ?? offered[0];
  if (!shown) return null;
  return (
    <section aria-labelledby="credit-title" className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="credit-title" className="text-lg font-semibold">
        {t('loans.buy.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('loans.buy.intro')}</p>
      <PlanChoice
        name="product-plan"
        price={product.price}
        plans={offered}
        value={shown.id}
        onChange={(planId) => {
          setChosen(planId);
          rememberPlan(product.id, planId);
        }}
      />
      <PlanTerms price={product.price} plan={shown} />
      <div onClickCapture={() => rememberPlan(product.id, shown.id)}>{children}</div>
    </section>
  );
}
