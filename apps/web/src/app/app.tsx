import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client.ts';
import { onSignedOutAnswer } from './signed-out.ts';
import { patchAdminRoutes, routes } from './routes.tsx';

// TanStack Query 5 takes itself to be online until an 'offline' event: a phone that opens the app
// without a network must hold its requests (and show what was kept) from the start.
onlineManager.setOnline(navigator.onLine);
const queryClient = createQueryClient({ onUnauthenticated: () => onSignedOutAnswer(queryClient) });
// Keeping and restoring the customer's last-known data loads beside the first screen, not in it.
void import('./offline-session.ts').then(({ setUpOfflineSession }) => setUpOfflineSession(queryClient));
const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchAdminRoutes });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
