import { quoteLoan } from '@ecogrid/core/credit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import type { AdminProduct } from '@ecogrid/core/catalog-admin';
import { useFormats } from '@/lib/formats.ts';
import { planValues } from './loan-plan-form.ts';
import { createLoanPlan, keepPlan, loanPlansQuery, updateLoanPlan, type LoanPlan, type LoanPlanInput } from './api.ts';
import { AdminError, useErrorText } from '@/components/admin/admin-error.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { focusOnMount, LoanPlanForm } from './loan-plan-fields.tsx';
import { QuoteFacts } from './loan-quote.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';

/** Gives the focus back to the add button when the new plan's form is left. */
const focusButtonIn = (element: HTMLElement | null) => element?.querySelector('button')?.focus();

function PlanCard({
  plan,
  price,
  focus,
  onEdit,
}: {
  plan: LoanPlan;
  price: number;
  focus: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} ref={focus ? focusOnMount : undefined} tabIndex={-1} className="font-semibold break-words">
          {plan.name}
        </h3>
        {plan.active ? (
          <Badge tone="good">{t('adminLoans.plans.active')}</Badge>
        ) : (
          <Badge tone="neutral">{t('adminLoans.plans.inactive')}</Badge>
        )}
      </div>
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.plans.deposit')}>{formats.percent(plan.depositBp)}</Fact>
        <Fact term={t('adminLoans.plans.instalments')}>
          {t(`adminLoans.plans.every.${plan.frequency}`, { count: plan.instalments })}
        </Fact>
        <Fact term={t('adminLoans.plans.markup')}>{formats.percent(plan.markupBp)}</Fact>
      </dl>
      <div className="space-y-2 rounded-lg bg-stone-50 p-3">
        <h4 className="text-sm font-semibold">{t('adminLoans.plans.previewTitle')}</h4>
        <QuoteFacts quote={quoteLoan(price, plan)} />
      </div>
      <Button variant="secondary" onClick={onEdit} aria-label={t('adminLoans.plans.editNamed', { name: plan.name })}>
        {t('adminLoans.plans.edit')}
      </Button>
    </article>
  );
}

/**
 * The product's pay-as-you-go plans: each with its terms and what a customer would be quoted at
 * today's price; add one, or change one (one form open at a time). Only for products sold on credit.
 */
export function LoanPlans({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  if (!product.loanEligible) return <p className="text-stone-700">{t('adminLoans.plans.notEligible')}</p>;
  return <EligiblePlans product={product} />;
}

function EligiblePlans({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const plans = useQuery(loanPlansQuery(product.id));
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  /** What takes the focus when a form closes: the plan saved or left, or 'new' for the add button. */
  const [focused, setFocused] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ planId, input }: { planId: string | null; input: LoanPlanInput }) =>
      planId ? updateLoanPlan(planId, input) : createLoanPlan(product.id, input),
    // A lost answer is shown, not sent again blind: a new plan would be added twice.
    retry: false,
    onSuccess: (plan, { planId }) => {
      keepPlan(queryClient, product.id, plan);
      setEditing(null);
      setFocused(plan.id);
      void showToast(t(planId ? 'adminLoans.plans.saved' : 'adminLoans.plans.added', { name: plan.name }), {
        kind: 'success',
      });
    },
  });
  const open = (next: string | 'new' | null) => {
    save.reset();
    setFocused(next === null ? editing : null);
    setEditing(next);
  };
  const form = (plan?: LoanPlan) => (
    <LoanPlanForm
      initial={planValues(plan)}
      price={product.price}
      mode={plan ? 'edit' : 'create'}
      busy={save.isPending}
      error={save.isError ? errorText(save.error) : undefined}
      onSubmit={(input) => save.mutate({ planId: plan?.id ?? null, input })}
      onCancel={() => open(null)}
    />
  );

  if (plans.isPending) return <SkeletonList label={t('adminLoans.plans.loading')} count={2} />;
  if (plans.isError) return <AdminError error={plans.error} onRetry={() => void plans.refetch()} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{t('adminLoans.plans.intro')}</p>
      {plans.data.length === 0 && editing !== 'new' && <p className="text-stone-700">{t('adminLoans.plans.none')}</p>}
      <ul className="space-y-3" aria-label={t('adminLoans.plans.listLabel')}>
        {plans.data.map((plan) => (
          <li key={plan.id}>
            {editing === plan.id ? (
              form(plan)
            ) : (
              <PlanCard plan={plan} price={product.price} focus={focused === plan.id} onEdit={() => open(plan.id)} />
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        form()
      ) : (
        <div ref={focused === 'new' ? focusButtonIn : undefined}>
          <Button onClick={() => open('new')}>{t('adminLoans.plans.addOne')}</Button>
        </div>
      )}
    </div>
  );
}
