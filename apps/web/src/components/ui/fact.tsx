import type { ReactNode } from 'react';

const layouts = {
  /** The term in a fixed column, the value beside it (admin pages, order details). */
  column: { row: 'grid grid-cols-[8rem_1fr] gap-2', term: 'text-stone-600', value: 'min-w-0 break-words' },
  /** The term at the start, a figure at the end (loan terms). */
  figure: {
    row: 'flex flex-wrap items-baseline justify-between gap-x-3',
    term: 'text-stone-700',
    value: 'text-right font-medium tabular-nums',
  },
  /** The term at the start, a value with its badges at the end, in a divided list (system health). */
  badges: {
    row: 'flex flex-wrap items-center justify-between gap-2 py-2',
    term: 'text-stone-700',
    value: 'flex flex-wrap items-center gap-2 font-medium',
  },
  /** The term and value as two cells of the `dl`'s own grid, so terms align across rows (logs). */
  cells: { row: null, term: 'text-stone-600', value: 'min-w-0 break-all' },
} as const;

/** One term and its value in a fact list (a `dl`); `mono` for ids and raw values. */
export function Fact({
  term,
  children,
  variant = 'column',
  mono = false,
}: {
  term: string;
  children: ReactNode;
  variant?: keyof typeof layouts;
  mono?: boolean;
}) {
  const layout = layouts[variant];
  const pair = (
    <>
      <dt className={layout.term}>{term}</dt>
      <dd className={mono ? `${layout.value} font-mono text-xs leading-5` : layout.value}>{children}</dd>
    </>
  );
  return layout.row ? <div className={layout.row}>{pair}</div> : pair;
}
