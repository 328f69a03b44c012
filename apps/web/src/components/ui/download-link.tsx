import type { ReactNode } from 'react';

/** A file the server makes (a receipt, a statement, an export), downloaded by a plain link. */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-stone-100"
    >
      {children}
    </a>
  );
}
