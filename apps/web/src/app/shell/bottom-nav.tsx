import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { authPath, useSession } from '@/features/auth/api.ts';
import { Icon, type IconName } from './icons.tsx';

const items: { to: string; label: string; icon: IconName; loginRequired: boolean }[] = [
  { to: '/customer-dashboard', label: 'nav.home', icon: 'home', loginRequired: true },
  { to: '/marketplace', label: 'nav.shop', icon: 'shop', loginRequired: false },
  { to: '/loan-tracker', label: 'nav.loans', icon: 'loans', loginRequired: true },
  { to: '/orders', label: 'nav.orders', icon: 'orders', loginRequired: true },
  { to: '/support', label: 'nav.support', icon: 'support', loginRequired: false },
];

/** The mobile bottom bar (below 768 px). Signed out, a login-required item goes to /auth and remembers it. */
export function BottomNav() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t('nav.bottom')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.loginRequired && !signedIn ? authPath(item.to) : item.to}
              aria-current={pathname === item.to ? 'page' : undefined}
              className={`flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium ${
                pathname === item.to ? 'text-brand-800' : 'text-stone-700'
              }`}
            >
              <Icon name={item.icon} />
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
