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

/** A toast identical to one raised this recently is not raised again. */
export const TOAST_REPEAT_MS = 10_000;

// A settled payment reaches the phone twice (its payment event and its stored notification,
// with the same words); the customer should read it once. Keyed by title and description.
const recent = new Map<string, number>();

function seenRecently(title: string, description: string | undefined): boolean {
  const now = Date.now();
  for (const [key, at] of recent) if (now - at >= TOAST_REPEAT_MS) recent.delete(key);
  const key = JSON.stringify([title, description ?? '']);
  if (recent.has(key)) return true;
  recent.set(key, now);
  return false;
}

/** The one way to raise a toast. */
export async function showToast(title: string, { description, kind = 'info' }: ToastOptions = {}): Promise<void> {
  if (seenRecently(title, description)) return;
  requestToaster();
  const [{ toast }] = await Promise.all([loadSonner(), toasterReady]);
  const raise = kind === 'info' ? toast : toast[kind];
  raise(title, { description });
}
