import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '@/lib/api-client.ts';
import {
  accountLanguageOf,
  changeLanguage,
  languageCodeOf,
  shownLanguage,
  type AccountLanguage,
  type LanguageCode,
} from '@/lib/i18n.ts';
import { sessionQuery, useSession, type Session } from './api.ts';

/** The signed-in user's profile (GET /api/me), shared with My account. */
export const profileKey = ['me'] as const;

// A language chosen while the server could not be reached, kept until it is saved: the
// account's older choice must not overwrite it when the phone is back online.
const UNSAVED_KEY = 'ecogrid.unsaved-language';
type Unsaved = { userId: string; language: AccountLanguage };

function readUnsaved(userId: string): AccountLanguage | undefined {
  try {
    const unsaved = JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? 'null') as Unsaved | null;
    return unsaved?.userId === userId && languageCodeOf(unsaved.language) ? unsaved.language : undefined;
  } catch {
    return undefined;
  }
}

function keepUnsaved(unsaved: Unsaved | null) {
  try {
    if (unsaved) localStorage.setItem(UNSAVED_KEY, JSON.stringify(unsaved));
    else localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // Storage blocked: the choice is saved on the next switch instead.
  }
}

/** The session in the cache carries the account's language, so it is not applied over a newer choice. */
function noteSessionLanguage(queryClient: QueryClient, language: AccountLanguage) {
  queryClient.setQueryData<Session>(sessionQuery.queryKey, (session) =>
    session ? { ...session, user: { ...session.user, preferredLanguage: language } } : session,
  );
}

/**
 * The account's language has been saved (`profile` is the server's answer to PATCH /api/me):
 * the screen switches to it at once, and the cached profile and session agree.
 */
export async function languageSaved(queryClient: QueryClient, profile: { preferredLanguage: string }) {
  queryClient.setQueryData(profileKey, profile);
  const code = languageCodeOf(profile.preferredLanguage);
  if (!code) return;
  noteSessionLanguage(queryClient, accountLanguageOf(code));
  if (code !== shownLanguage()) await changeLanguage(code);
}

// One save at a time: a session answer that arrives meanwhile does not start another.
let saving: Promise<boolean> | undefined;

/**
 * Saves the account's language; false when it could not be saved now. The choice is kept on the
 * phone until the server has it, so neither a session answer that arrives meanwhile nor one
 * after a failure puts the older language back; the next session answer saves it.
 */
function saveAccountLanguage(queryClient: QueryClient, userId: string, language: AccountLanguage) {
  keepUnsaved({ userId, language });
  const save = (async () => {
    try {
      const profile = await apiFetch<{ preferredLanguage: string }>('/api/me', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ preferredLanguage: language }),
      });
      if (readUnsaved(userId) === language) keepUnsaved(null);
      await languageSaved(queryClient, profile);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    if (saving === save) saving = undefined;
  });
  saving = save;
  return save;
}

/**
 * What the header's language switch does: the screen changes at once; signed in, the choice is
 * the account's too, so every phone the person signs in on shows it. `unsaved`: the server could
 * not be reached, and the choice will be saved when the app next hears from it.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return async (code: LanguageCode): Promise<'local' | 'saved' | 'unsaved'> => {
    await changeLanguage(code);
    const session = queryClient.getQueryData<Session>(sessionQuery.queryKey);
    if (!session) return 'local';
    return (await saveAccountLanguage(queryClient, session.user.id, accountLanguageOf(code))) ? 'saved' : 'unsaved';
  };
}

/**
 * Once in the app shell: each time the server reports who is signed in (on load, after signing
 * in, back online), the account's language is shown, unless a newer choice made on this phone
 * waits to be saved, which is saved instead.
 */
export function useAccountLanguage() {
  const queryClient = useQueryClient();
  const session = useSession();
  const user = session.data && !session.data.offline ? session.data.user : undefined;
  const userId = user?.id;
  const account = user?.preferredLanguage;
  const answeredAt = session.dataUpdatedAt;
  useEffect(() => {
    if (!userId || !account || saving) return;
    const unsaved = readUnsaved(userId);
    if (unsaved && unsaved !== account) {
      void saveAccountLanguage(queryClient, userId, unsaved);
      return;
    }
    if (unsaved) keepUnsaved(null);
    const code = languageCodeOf(account);
    if (code && code !== shownLanguage()) void changeLanguage(code);
  }, [queryClient, userId, account, answeredAt]);
}
