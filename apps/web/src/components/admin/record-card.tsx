import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { useFormats } from '@/lib/formats.ts';

/**
 * One record in an admin list (an order, a payment): its status and when, its number as the way
 * in with the amount beside it, then whatever the list adds about it.
 */
export function RecordCard({
  status,
  createdAt,
  label,
  to,
  amount,
  children,
}: {
  /** The status badge, and anything that goes beside it. */
  status: ReactNode;
  createdAt: string;
  /** The number people quote (ORD-…, a payment reference). */
  label: string;
  to: string;
  amount: number;
  children: ReactNode;
}) {
  const formats = useFormats();
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          {status}
          <time dateTime={createdAt} className="ml-auto text-sm text-stone-700">
            {formats.stamp(createdAt)}
          </time>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={titleId} className="font-mono text-base font-semibold">
            <Link to={to} className="text-brand-800 underline">
              {label}
            </Link>
          </h2>
          <span className="text-lg font-semibold tabular-nums">{formatUgx(amount)}</span>
        </div>
        {children}
      </article>
    </li>
  );
}
