import { quoteLoan } from '@ecogrid/core/credit';
import { withFollowOn } from '@ecogrid/core/credit-policy';
import type { Checkout, CartLine, Order } from '@ecogrid/core/orders';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { parseDeclaredIncome } from '@/lib/declared-income.ts';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { applyForLoans, followOnOfferQuery, loanPlansQuery, ownKycQuery, type LoanPlan } from './api.ts';
import { startingPlan } from './chosen-plan.ts';
import {
  ACCEPT_ID,
  CreditLines,
  INCOME_ID,
  KYC_PATH,
  type CreditErrors,
  type CreditState,
  type LineState,
} from './components/credit-lines.tsx';
import { planInputId } from './components/plan-choice.tsx';
import type { LoansPageState } from './loans-page.tsx';

/**
 * The credit lines' part of the checkout: a plan for each line, its terms and schedule, the
 * customer's acceptance, and the application sent with the checkout's fulfilment and payment.
 * Without a verified identity check the credit lines are shown but not sent (they stay in the
 * cart), with the way to the check. Sent, the customer goes to the loan tracker.
 */
export function useCreditCheckout(lines: CartLine[]) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const kyc = useQuery({ ...ownKycQuery, enabled: lines.length > 0 });
  const offer = useQuery({ ...followOnOfferQuery, enabled: lines.length > 0 });
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const planQueries = useQueries({ queries: productIds.map((id) => loanPlansQuery(id)) });
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [accepted, setAccepted] = useState(false);
  const [income, setIncome] = useState('');
  const [errors, setErrors] = useState<CreditErrors>({});

  const linesState: LineState[] = lines.map((line) => {
    const query = planQueries[productIds.indexOf(line.productId)]!;
    // A customer with the follow-on offer sees (and is charged) its lower deposit on every plan.
    const plans: LoanPlan[] | undefined = offer.data
      ? query.data?.map((plan) => withFollowOn(plan, offer.data))
      : query.data;
    const planId = choices[line.id] ?? (plans ? startingPlan(line.productId, plans) : null);
    return { line, query, plans, plan: plans?.find((plan) => plan.id === planId) ?? null };
  });

  const apply = useMutation({
    mutationFn: applyForLoans,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: () => {
      attempt.settled();
      // The credit lines left the cart, the loans joined the list, the wallet may have paid deposits.
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
    },
    onError: (error) => {
      attempt.settled(error);
      if (error instanceof ApiError && error.code === 'kyc_required') {
        void queryClient.invalidateQueries({ queryKey: ['kyc'] });
        void navigate(KYC_PATH);
        return;
      }
      // A line gone or changed meanwhile (another phone, stock sold): show the cart as it is now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
      }
    },
  });

  const state: CreditState =
    lines.length === 0
      ? 'none'
      : kyc.isPending || offer.isPending || planQueries.some((query) => query.isPending)
        ? 'loading'
        : kyc.data && kyc.data.status !== 'verified'
          ? 'kyc'
          : 'ready';

  // One application per unit. The server's credit policy decides each when it arrives; only one
  // approved at once pays its deposit then, so every deposit is counted here as the most due now.
  const deposits = linesState.flatMap(({ line, plan }) =>
    plan ? Array<number>(line.quantity).fill(quoteLoan(line.product.price, plan).deposit) : [],
  );
  const declared = parseDeclaredIncome(income);

  const check = (): boolean => {
    const lineErrors: Record<string, string> = {};
    const found: CreditErrors = { lines: lineErrors };
    let focus: string | null = null;
    for (const { line, plans, plan } of linesState) {
      if (plan) continue;
      const name = line.product.name;
      lineErrors[line.id] =
        plans?.length === 0 ? t('loans.checkout.noPlans', { name }) : t('loans.checkout.choosePlan', { name });
      focus ??= plans?.[0] ? planInputId(`plan-${line.id}`, plans[0].id) : `credit-line-${line.id}`;
    }
    if (declared === null) {
      found.income = t('loans.checkout.incomeInvalid');
      focus ??= INCOME_ID;
    }
    if (!accepted) {
      found.accept = t('loans.checkout.acceptFirst');
      focus ??= ACCEPT_ID;
    }
    setErrors(found);
    if (focus) document.getElementById(focus)?.focus();
    return focus === null;
  };

  return {
    state,
    deposits,
    check,
    pending: apply.isPending,
    error: apply.error instanceof ApiError && apply.error.code === 'kyc_required' ? null : apply.error,
    /** Sends the application; `placed` is the cash order placed just before, which the loan tracker then mentions. */
    apply: (checkout: Checkout, placed: Order | null) => {
      // A deposit is paid now: checkout offers paying on delivery only without credit lines.
      const { payment } = checkout;
      if (payment.method === 'on_delivery') return;
      const application = {
        ...checkout,
        payment,
        plans: linesState.map(({ line, plan }) => ({ cartItemId: line.id, planId: plan?.id ?? '' })),
        acceptTerms: true as const,
        ...(typeof declared === 'number' ? { declaredIncome: declared } : {}),
      };
      apply.mutate(
        { application, key: attempt.keyFor(application) },
        {
          onSuccess: ({ loans, payments }) => {
            const pageState: LoansPageState = {
              applied: loans.length,
              waiting: payments.some((payment) => payment.status === 'pending'),
              order: placed && { id: placed.id, number: placed.number, pending: placed.status === 'pending_payment' },
            };
            void navigate('/customer/loan', { state: pageState });
          },
        },
      );
    },
    /** `cashToo`: the checkout also has cash lines, which go ahead without the identity check. */
    section: ({ busy, cashToo }: { busy: boolean; cashToo: boolean }) => (
      <CreditLines
        state={state}
        lines={linesState}
        onPlan={(lineId, planId) => {
          setChoices((old) => ({ ...old, [lineId]: planId }));
          setErrors((old) => ({ ...old, lines: { ...old.lines, [lineId]: undefined } }));
        }}
        income={income}
        onIncome={(text) => {
          setIncome(text);
          setErrors((old) => ({ ...old, income: undefined }));
        }}
        followOnBp={offer.data?.depositBp ?? null}
        accepted={accepted}
        onAccepted={(yes) => {
          setAccepted(yes);
          setErrors((old) => ({ ...old, accept: undefined }));
        }}
        errors={errors}
        disabled={busy || apply.isPending}
        cashToo={cashToo}
      />
    ),
  };
}
