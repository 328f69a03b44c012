import { isAdmin } from '@ecogrid/core/roles';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { authPath, sessionQuery, useSession } from '@/features/auth/api.ts';
import { signOut } from '@/features/auth/auth-api.ts';
import { CartBadge } from '@/features/cart/cart-badge.tsx';
import { NotificationBell } from '@/features/notifications/notification-bell.tsx';
import { Icon } from './icons.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/** The sign-in pages do not offer a link to themselves. */
const AUTH_PAGES = new Set(['/auth', '/login', '/signup']);

/**
 * A signed-in person's own pages, on a wide screen's header; a phone reaches them from the bottom
 * bar (and the wallet from its icon), so they take no room in a phone's header row.
 */
const signedInLinks = [
  { to: '/my-account', label: 'nav.myAccount' },
  { to: '/my-orders', label: 'pages.myOrders' },
  { to: '/customer/loan', label: 'nav.myLoans' },
  { to: '/customer/wallet', label: 'nav.wallet' },
] as const;

/** A row under the header with the way into a role's tools. */
function RoleNav({
  label,
  to,
  text,
  phoneOnly = false,
}: {
  label: string;
  to: string;
  text: string;
  phoneOnly?: boolean;
}) {
  return (
    <nav aria-label={label} className={`border-t border-stone-200 ${phoneOnly ? 'md:hidden' : ''}`}>
      <div className="mx-auto flex max-w-6xl px-2">
        <NavLink
          to={to}
          className={({ isActive }) =>
            `inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold ${
              isActive ? 'text-brand-900 underline underline-offset-4' : 'text-brand-800 hover:bg-brand-50'
            }`
          }
        >
          {text}
        </NavLink>
      </div>
    </nav>
  );
}

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const admin = isAdmin(session.data?.user.userType);
  const agent = session.data?.user.userType === 'agent';
  const leave = async () => {
    // Off the page first: on a page for signed-in people, any request answered 401 once the
    // session is gone would send the visitor to sign in again instead.
    await navigate('/marketplace');
    await signOut().catch(() => undefined);
    queryClient.setQueryData(sessionQuery.queryKey, null);
    // Nothing of the signed-out user stays in the cache for whoever uses the phone next.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] && query.queryKey[0] !== 'catalog',
    });
  };
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-800' : 'text-stone-700 hover:text-stone-900'}`;
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95">
      {/* With text at 200 % the icons outgrow a phone's row, and wrap onto a second rather than scroll sideways. */}
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-1 px-3 py-1.5 sm:gap-2 sm:px-4">
        <Link to="/marketplace" className="mr-auto flex items-center gap-1.5 text-lg font-bold text-brand-800">
          <Icon name="sun" className="h-7 w-7 text-sun-500" />
          {/* A signed-in phone's row needs the room: the name is read out there, and shown from 640 px. */}
          <span className="sr-only sm:not-sr-only">{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="hidden md:block">
          <NavLink to="/marketplace" className={link}>
            {t('nav.marketplace')}
          </NavLink>
          <NavLink to="/support" className={link}>
            {t('nav.support')}
          </NavLink>
          {session.data &&
            signedInLinks.map(({ to, label }) => (
              <NavLink key={to} to={to} className={link}>
                {t(label)}
              </NavLink>
            ))}
          {agent && (
            <NavLink to="/agent-dashboard" className={link}>
              {t('nav.agentHome')}
            </NavLink>
          )}
          {admin && (
            <NavLink to="/admin" className={link}>
              {t('admin.navLink')}
            </NavLink>
          )}
        </nav>
        <LanguageSwitcher />
        {session.data && <CartBadge icon={<Icon name="cart" />} />}
        {session.data && (
          // From 768 px the wallet is a word in the navigation instead.
          <Link
            to="/customer/wallet"
            aria-label={t('nav.wallet')}
            title={t('nav.wallet')}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 md:hidden"
          >
            <Icon name="wallet" />
          </Link>
        )}
        {session.data && <NotificationBell icon={<Icon name="bell" />} />}
        {session.data && (
          <button
            type="button"
            onClick={() => void leave()}
            className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50 sm:px-3"
          >
            <Icon name="signOut" className="h-6 w-6 sm:hidden" />
            <span className="sr-only sm:not-sr-only">{t('auth.signOut')}</span>
          </button>
        )}
        {!session.data && !AUTH_PAGES.has(location.pathname) && (
          <Link
            to={authPath(location.pathname)}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t('nav.signIn')}
          </Link>
        )}
      </div>
      {agent && <RoleNav label={t('nav.agent')} to="/agent/customers" text={t('nav.myCustomers')} />}
      {admin && (
        // A phone's header row has no room left, so admins get the link on a row of its own.
        <RoleNav label={t('admin.navLink')} to="/admin" text={t('admin.home.toolsTitle')} phoneOnly />
      )}
    </header>
  );
}
