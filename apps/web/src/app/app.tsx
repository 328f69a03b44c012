import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client.ts';
import { onSignedOutAnswer, setUpOfflineSession } from './offline-session.ts';
import { routes } from './routes.tsx';

const queryClient = createQueryClient({ onUnauthenticated: () => onSignedOutAnswer(queryClient) });
setUpOfflineSession(queryClient);
const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
