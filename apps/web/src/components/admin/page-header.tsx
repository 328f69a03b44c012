import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An admin page's title, what it is for, and the way back to the admin home. */
export function AdminPageHeader({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="space-y-2">
      <Link
        to="/admin"
        className="-ml-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
      >
        <span aria-hidden="true" className="mr-1">
          ←
        </span>
        {t('admin.home.toolsTitle')}
      </Link>
      <h1 id={titleId} className="text-2xl font-bold">
        {title}
      </h1>
      {children && <div className="space-y-1 text-stone-700">{children}</div>}
    </header>
  );
}
