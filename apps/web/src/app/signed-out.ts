import type { QueryClient } from '@tanstack/react-query';
import { forgetSignedInUser, sessionQuery, type Session } from '@/features/auth/api.ts';

/** A query answered 401: the session is over, whatever the phone's copy says. */
export function onSignedOutAnswer(client: QueryClient) {
  forgetSignedInUser();
  client.setQueryData<Session>(sessionQuery.queryKey, null);
}
