import { isAdmin } from '@ecogrid/core/roles';
import { Navigate, Outlet, useLocation } from 'react-router';
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

/** Admin-only routes: signed-out visitors sign in first; signed-in non-admins go to /marketplace. */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <LoadingOverlay type="admin" />;
  if (!session.data) return <Navigate to={authPath(location.pathname + location.search)} replace />;
  if (!isAdmin(session.data.user.userType)) return <Navigate to="/marketplace" replace />;
  return <Outlet />;
}
