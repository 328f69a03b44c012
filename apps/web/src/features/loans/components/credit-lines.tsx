import type { CartLine } from '@ecogrid/core/orders';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { basisPointsToPercent } from '@/lib/agent-terms.ts';
import { formatUgx } from '@/lib/money.ts';
import type { LoanPlan } from '../api.ts';
import { PlanTerms } from './loan-terms.tsx';
import { PlanChoice } from './plan-choice.tsx';

/** One credit line of the cart, the plans offered for its product, and the one chosen. */
export type LineState = {
  line: CartLine;
  query: UseQueryResult<LoanPlan[]>;
  plans: LoanPlan[] | undefined;
  plan: LoanPlan | null;
};

export type CreditErrors = {
  lines?: Record<string, string | undefined>;
  income?: string | undefined;
  accept?: string | undefined;
};

export const ACCEPT_ID = 'credit-accept';
export const INCOME_ID = 'credit-income';
/** The identity check, coming back to checkout when it is done. */
export const KYC_PATH = '/kyc?next=/checkout';

/**
 * 'none': no credit lines; 'loading': their plans or the identity check are on the way; 'kyc':
 * the identity check is not verified, so they stay in the cart; 'ready': they go with this checkout.
 */
export type CreditState = 'none' | 'loading' | 'kyc' | 'ready';

type Props = {
  state: CreditState;
  lines: LineState[];
  onPlan: (lineId: string, planId: string) => void;
  /** The monthly income as typed (optional), sent as the declared income. */
  income: string;
  onIncome: (text: string) => void;
  /** The follow-on deposit the plans already show, for a customer who has the offer. */
  followOnBp: number | null;
  accepted: boolean;
  onAccepted: (accepted: boolean) => void;
  errors: CreditErrors;
  disabled: boolean;
  cashToo: boolean;
};

/** Buying on credit needs a verified identity check: the credit lines wait in the cart, with the way to the check. */
function KycNeeded({ lines, cashToo }: { lines: LineState[]; cashToo: boolean }) {
  const { t } = useTranslation();
  return (
    <div id="credit-kyc" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-medium">{t('loans.checkout.kycTitle')}</p>
      <p>{cashToo ? t('loans.checkout.kycBodyCash') : t('loans.checkout.kycBody')}</p>
      <ul className="list-inside list-disc text-sm">
        {lines.map(({ line }) => (
          <li key={line.id}>{t('loans.checkout.line', { quantity: line.quantity, name: line.product.name })}</li>
        ))}
      </ul>
      <Link to={KYC_PATH} className={buttonClass('primary', 'w-full sm:w-auto')}>
        {t('loans.checkout.verify')}
      </Link>
    </div>
  );
}

function LinePlans({
  state,
  onPlan,
  error,
  disabled,
}: { state: LineState } & Pick<Props, 'onPlan' | 'disabled'> & {
    error: string | undefined;
  }) {
  const { t } = useTranslation();
  const { line, query, plans, plan } = state;
  if (query.isPending) {
    return (
      <p role="status" className="animate-pulse rounded bg-stone-100 p-3 text-sm">
        {t('loans.plan.loading')}
      </p>
    );
  }
  if (!plans || plans.length === 0) {
    return (
      <div id={`credit-line-${line.id}`} tabIndex={-1} className="space-y-2">
        <p className="text-sm font-medium text-red-800">
          {query.isError ? t('loans.plan.loadFailed') : t('loans.checkout.noPlans', { name: line.product.name })}
        </p>
        {query.isError ? (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('loans.retry')}
          </Button>
        ) : (
          <Link to="/cart" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('loans.checkout.toCart')}
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      <PlanChoice
        name={`plan-${line.id}`}
        price={line.product.price}
        plans={plans}
        value={plan?.id ?? null}
        onChange={(planId) => onPlan(line.id, planId)}
        error={error}
        disabled={disabled}
      />
      {plan && <PlanTerms price={line.product.price} plan={plan} units={line.quantity} />}
    </>
  );
}

/**
 * The checkout's credit lines: for each, the plan (its deposit and instalments in a line), the
 * full terms and the payment dates; then the acceptance the application needs.
 */
export function CreditLines({ state, lines, onPlan, accepted, onAccepted, errors, disabled, cashToo, ...more }: Props) {
  const { t } = useTranslation();
  if (state === 'none') return null;
  const acceptError = errors.accept ? `${ACCEPT_ID}-error` : undefined;
  return (
    <section aria-labelledby="credit-lines-title" className="space-y-3">
      <h2 id="credit-lines-title" className="text-lg font-semibold">
        {t('loans.checkout.title')}
      </h2>
      {state === 'loading' ? (
        <p role="status" className="animate-pulse rounded-lg bg-stone-100 p-4 text-sm">
          {t('loans.checkout.loading')}
        </p>
      ) : state === 'kyc' ? (
        <KycNeeded lines={lines} cashToo={cashToo} />
      ) : (
        <>
          {more.followOnBp !== null && (
            <p className="rounded-lg border border-brand-700 bg-brand-50 p-3 text-brand-900">
              <span className="block font-medium">
                {t('loans.checkout.followOn', { percent: basisPointsToPercent(more.followOnBp) })}
              </span>
              <span className="block text-sm">{t('loans.checkout.followOnHint')}</span>
            </p>
          )}
          <ul className="space-y-3">
            {lines.map((item) => (
              <li
                key={item.line.id}
                aria-labelledby={`credit-name-${item.line.id}`}
                className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
              >
                <h3 id={`credit-name-${item.line.id}`} className="font-semibold break-words">
                  {t('loans.checkout.line', { quantity: item.line.quantity, name: item.line.product.name })}
                </h3>
                <p className="text-sm text-stone-700">
                  {t('loans.checkout.cashPrice', { price: formatUgx(item.line.product.price) })}
                </p>
                <LinePlans state={item} onPlan={onPlan} error={errors.lines?.[item.line.id]} disabled={disabled} />
              </li>
            ))}
          </ul>
          <div className="rounded-lg border border-stone-200 bg-white p-4">
            <TextField
              id={INCOME_ID}
              label={t('loans.checkout.incomeLabel')}
              hint={t('loans.checkout.incomeHint')}
              error={errors.income}
              value={more.income}
              onChange={(event) => more.onIncome(event.target.value)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              disabled={disabled}
            />
          </div>
          <div className="space-y-1 rounded-lg border border-stone-200 bg-white p-4">
            <label className="flex min-h-11 items-start gap-3">
              <input
                id={ACCEPT_ID}
                type="checkbox"
                required
                checked={accepted}
                onChange={(event) => onAccepted(event.target.checked)}
                disabled={disabled}
                aria-invalid={errors.accept ? true : undefined}
                aria-describedby={[acceptError, `${ACCEPT_ID}-hint`].filter(Boolean).join(' ')}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-800"
              />
              <span className="font-medium">{t('loans.checkout.accept')}</span>
            </label>
            {errors.accept && (
              <p id={acceptError} className="text-sm font-medium text-red-800">
                {errors.accept}
              </p>
            )}
            <p id={`${ACCEPT_ID}-hint`} className="text-sm text-stone-600">
              {t('loans.checkout.acceptHint')}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
