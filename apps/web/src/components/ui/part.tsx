import type { ReactNode } from 'react';

/** A part of a page under its own heading (h2), which names it for screen readers. */
export function Part({
  id,
  title,
  children,
  className = 'space-y-2',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
