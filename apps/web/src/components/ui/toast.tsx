import { lazy, Suspense, useEffect, useState } from 'react';

/** Spec section 9: only one toast is shown at a time. */
export const TOAST_LIMIT = 1;

// The toast library is fetched the first time a toast is raised, never during page load.
const loadSonner = () => import('sonner');

let requestToaster: () => void = () => {};
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function ReadyToaster() {
    useEffect(() => markReady(), []);
    return <Toaster visibleToasts={TOAST_LIMIT} position="top-center" closeButton />;
  }
  return { default: ReadyToaster };
});

/** Mount once, in the app shell. It draws nothing until the first toast. */
export function AppToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestToaster = () => setWanted(true);
    return () => {
      requestToaster = () => {};
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

type ToastOptions = { description?: string; kind?: 'info' | 'success' | 'error' };

/** The one way to raise a toast. */
export async function showToast(title: string, { description, kind = 'info' }: ToastOptions = {}): Promise<void> {
  requestToaster();
  const [{ toast }] = await Promise.all([loadSonner(), toasterReady]);
  const raise = kind === 'info' ? toast : toast[kind];
  raise(title, { description });
}
