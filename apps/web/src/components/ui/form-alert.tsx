import type { ReactNode } from 'react';

/** The one way a form says what went wrong: announced at once by screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
      {children}
    </p>
  );
}
