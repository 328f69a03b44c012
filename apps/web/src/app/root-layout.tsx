import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AppToaster } from '@/components/ui/toast.tsx';
import { useAccountLanguage } from '@/features/auth/account-language.ts';
import { useSession } from '@/features/auth/api.ts';
import { BottomNav } from './shell/bottom-nav.tsx';
import { Header } from './shell/header.tsx';
import { InstallBanner } from './shell/install-banner.tsx';
import { OfflineBanner } from './shell/offline-banner.tsx';
import { TestMoneyBanner } from './shell/test-money-banner.tsx';

const LiveUpdates = lazy(() => import('./shell/live-updates.tsx'));

export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const session = useSession();
  useAccountLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      {session.data && (
        <Suspense>
          <LiveUpdates />
        </Suspense>
      )}
      <TestMoneyBanner />
      <Header />
      {navigation.state === 'loading' && (
        <div
          role="progressbar"
          aria-label={t('loading.default')}
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-sun-500"
        />
      )}
      <OfflineBanner />
      <main id="main" tabIndex={-1} className="flex-1 pb-20 md:pb-8">
        <Outlet />
      </main>
      <BottomNav />
      <InstallBanner />
      <AppToaster />
      <ScrollRestoration />
    </div>
  );
}
