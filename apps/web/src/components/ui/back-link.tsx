import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The way back to the list a page was opened from, above its title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
    >
      <span aria-hidden="true" className="mr-1">
        ←
      </span>
      {children}
    </Link>
  );
}
