import type { RepaymentStatus } from '@ecogrid/core/credit';
import type { KycStatus } from '@ecogrid/core/kyc';
import type { LoanStatus } from '@ecogrid/core/loans';
import type { OrderStatus } from '@ecogrid/core/orders';
import type { PaymentStatus } from '@ecogrid/core/payments';
import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

const tones: Record<Tone, string> = {
  neutral: 'border-stone-300 bg-stone-100 text-stone-800',
  good: 'border-brand-100 bg-brand-50 text-brand-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-950',
  bad: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/** A short status word; the colour only repeats what the text says. */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex max-w-full items-center rounded-full border px-2 [overflow-wrap:anywhere] py-0.5 text-sm font-medium ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/*
 * One colour per status, the same on the customer's, the agent's and the admin's screens, so a
 * status never changes colour with the screen it is read on. Amber marks what waits on the
 * customer (a deposit, a payment to approve); what waits on staff is shown by the admin queues.
 * They live beside Badge so that one chunk serves both: a separate module would add its file
 * name to the first load's preload map.
 */

export const LOAN_STATUS_TONES: Record<LoanStatus, Tone> = {
  pending_approval: 'info',
  approved: 'warn',
  active: 'info',
  completed: 'good',
  defaulted: 'bad',
  repossessed: 'neutral',
  written_off: 'bad',
  cancelled: 'neutral',
};

export const REPAYMENT_STATUS_TONES: Record<RepaymentStatus, Tone> = {
  due: 'neutral',
  partly_paid: 'warn',
  paid: 'good',
};

export const KYC_STATUS_TONES: Record<KycStatus, Tone> = {
  pending: 'neutral',
  submitted: 'info',
  verified: 'good',
  rejected: 'bad',
};

/** An expired payment did not happen, as a failed one did not. */
export const PAYMENT_STATUS_TONES: Record<PaymentStatus, Tone> = {
  pending: 'warn',
  successful: 'good',
  failed: 'bad',
  expired: 'bad',
  cancelled: 'neutral',
};

export const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  pending_payment: 'warn',
  paid: 'info',
  processing: 'info',
  shipped: 'info',
  delivered: 'good',
  completed: 'good',
  cancelled: 'bad',
};

/**
 * A status in words, coloured by its domain's map above. A status this version does
 * not know (a newer server) is shown neutral rather than guessed at.
 */
export function StatusBadge<S extends string>({
  tones,
  status,
  children,
}: {
  tones: Readonly<Record<S, Tone>>;
  status: string;
  children: ReactNode;
}) {
  const tone = Object.hasOwn(tones, status) ? tones[status as S] : 'neutral';
  return <Badge tone={tone}>{children}</Badge>;
}
