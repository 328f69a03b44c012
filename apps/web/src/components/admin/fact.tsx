import type { ReactNode } from 'react';

/** One term and its value in an admin page's fact list (a `dl`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2">
      <dt className="text-stone-600">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
