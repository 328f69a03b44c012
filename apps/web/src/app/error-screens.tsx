import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { clearCachesAndReload, isChunkLoadError } from '@/lib/pwa.ts';

function Screen({ title, body, children }: { title: string; body: string; children: React.ReactNode }) {
  return (
    <section role="alert" className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-700">{body}</p>
      <div className="flex flex-col gap-2">{children}</div>
    </section>
  );
}

/** A lazily loaded part of the app could not be fetched: usually stale cached files. */
export function LoadingErrorScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('errors.loadingTitle')} body={t('errors.loadingBody')}>
      <Button onClick={() => void clearCachesAndReload()}>{t('errors.clearCache')}</Button>
    </Screen>
  );
}

export function GenericErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('errors.genericTitle')} body={t('errors.genericBody')}>
      <Button onClick={onRetry}>{t('errors.tryAgain')}</Button>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('errors.refresh')}
      </Button>
    </Screen>
  );
}

/** The router's error boundary: chunk failures get the Loading Error screen, anything else the generic one. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (isChunkLoadError(error)) return <LoadingErrorScreen />;
  // A new navigation to the same place clears the router's error and renders the page again.
  return <GenericErrorScreen onRetry={() => void navigate(location.pathname + location.search, { replace: true })} />;
}
