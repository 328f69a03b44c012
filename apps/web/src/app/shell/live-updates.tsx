import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshSession } from '@/features/auth/api.ts';
import { useLiveUpdates } from '@/features/notifications/use-live-updates.ts';

/**
 * The signed-in user's live updates (toasts, lists refreshed), in a chunk of its own: a visitor
 * browsing the marketplace never downloads it. Renders nothing.
 */
export default function LiveUpdates() {
  const queryClient = useQueryClient();
  const stillSignedIn = useCallback(async () => Boolean(await refreshSession(queryClient)), [queryClient]);
  useLiveUpdates(true, stillSignedIn);
  return null;
}
