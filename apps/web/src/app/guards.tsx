import { isAdmin } from '@ecogrid/core/roles';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { LoadingOverlay, type LoadingType } from '@/components/ui/loading-overlay.tsx';
import { authPath, useSession } from '@/features/auth/api.ts';

/** Login-required routes: signed-out visitors go to /auth, which remembers where they were going. */
export function RequireAuth({ loading = 'auth' }: { loading?: LoadingType }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingOverlay type={loading} />;
  if (!session.data) return <Navigate to={authPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}

function AdminNeedsTotp() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" role="alert">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">{t('auth.adminNeedsTotp')}</p>
      <Link to="/my-account" className={buttonClass()}>
        {t('pages.myAccount')}
      </Link>
    </section>
  );
}

/** Admin-only routes: signed-out visitors sign in first; signed-in non-admins go to /marketplace. */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingOverlay type="admin" />;
  if (!session.data) return <Navigate to={authPath(location.pathname + location.search)} replace />;
  if (!isAdmin(session.data.user.userType)) return <Navigate to="/marketplace" replace />;
  // The server refuses admin APIs until TOTP is on; the pages say why instead of failing.
  if (!session.data.user.twoFactorEnabled) return <AdminNeedsTotp />;
  return <Outlet />;
}
