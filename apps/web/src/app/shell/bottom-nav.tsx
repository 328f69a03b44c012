import { isAdmin } from '@ecogrid/core/roles';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { authPath, useSession } from '@/features/auth/api.ts';
import { Icon, type IconName } from './icons.tsx';

/** `paths`: where the tab is the current page, the redirects it goes through included (/orders → /my-orders). */
type Item = { to: string; label: string; icon: IconName; loginRequired: boolean; paths: string[] };

const items: Item[] = [
  {
    to: '/customer-dashboard',
    label: 'nav.home',
    icon: 'home',
    loginRequired: true,
    paths: ['/customer-dashboard', '/mobile-dashboard'],
  },
  {
    to: '/marketplace',
    label: 'nav.shop',
    icon: 'shop',
    loginRequired: false,
    paths: ['/marketplace', '/all-products', '/product/'],
  },
  {
    to: '/loan-tracker',
    label: 'nav.loans',
    icon: 'loans',
    loginRequired: true,
    paths: ['/loan-tracker', '/customer/loan'],
  },
  { to: '/orders', label: 'nav.orders', icon: 'orders', loginRequired: true, paths: ['/orders', '/my-orders'] },
  { to: '/support', label: 'nav.support', icon: 'support', loginRequired: false, paths: ['/support'] },
  { to: '/my-account', label: 'nav.account', icon: 'account', loginRequired: true, paths: ['/my-account'] },
];

/**
 * An agent's tabs: Home is their dashboard (customers to visit and the offline queue are reached
 * from it; /agent is the dashboard too), then their customers (registering one among them), and
 * their customers' loans and orders. The marketplace stays a tap away on the header's logo.
 */
const agentItems: Item[] = [
  {
    to: '/agent-dashboard',
    label: 'nav.home',
    icon: 'home',
    loginRequired: true,
    paths: ['/agent-dashboard', '/agent/visits', '/agent/sync'],
  },
  {
    to: '/agent/customers',
    label: 'nav.myCustomers',
    icon: 'customers',
    loginRequired: true,
    paths: ['/agent/customers', '/agent/register'],
  },
  { to: '/agent/loans', label: 'nav.loans', icon: 'loans', loginRequired: true, paths: ['/agent/loans'] },
  { to: '/agent/orders', label: 'nav.orders', icon: 'orders', loginRequired: true, paths: ['/agent/orders'] },
  items[4]!,
  items[5]!,
];

/** An admin's Home is the admin home (/admin leads there); the other tabs are a customer's. */
const adminItems: Item[] = [
  { to: '/admin', label: 'nav.home', icon: 'home', loginRequired: true, paths: ['/admin'] },
  ...items.slice(1),
];

const isHere = (pathname: string, paths: string[]) =>
  paths.some((path) =>
    path.endsWith('/') ? pathname.startsWith(path) : pathname === path || pathname.startsWith(`${path}/`),
  );

/**
 * The mobile bottom bar (below 768 px), with the way to My account: a customer's (a visitor's, an
 * admin's), or an agent's on every page. The tab of the page shown is marked aria-current="page".
 * Signed out, a login-required item goes to /auth and remembers it.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const { pathname } = useLocation();
  const agent = session.data?.user.userType === 'agent';
  const tabs = agent ? agentItems : isAdmin(session.data?.user.userType) ? adminItems : items;
  // The first tab that is the page shown: one tab at most, and /agent (the dashboard) marks Home.
  const current =
    agent && pathname.replace(/\/$/, '') === '/agent' ? tabs[0] : tabs.find((item) => isHere(pathname, item.paths));
  return (
    <nav
      aria-label={t('nav.bottom')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-6">
        {tabs.map((item) => {
          const here = item === current;
          return (
            <li key={item.to} className="min-w-0">
              <Link
                to={item.loginRequired && !signedIn ? authPath(item.to) : item.to}
                aria-current={here ? 'page' : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 py-1 text-[0.6875rem] leading-tight font-medium ${
                  here ? 'text-brand-800' : 'text-stone-700'
                }`}
              >
                <Icon name={item.icon} className="h-6 w-6 shrink-0" />
                {/* A long word (Luganda's Ebyalagiddwa) breaks inside its own tab, never into the next. */}
                <span className="max-w-full text-center hyphens-auto [overflow-wrap:anywhere]">{t(item.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
