import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { CatalogueText } from '#src/platform/i18n.ts';

/**
 * What sending codes learnt during one request to the auth library: the code itself (shown on
 * screen in test mode), a refusal the library would otherwise swallow (its two-factor
 * send-otp logs a failed send and answers 200 all the same), and the words of a refusal that
 * carries particulars (a number of minutes), for answering it in the reader's language.
 */
type Notes = { code?: string; refusal?: APIError; text?: CatalogueText };
const store = new AsyncLocalStorage<Notes>();

/** Runs one request to the auth library with its own notes (nested calls share them). */
export const withCodeNotes = <T>(run: () => T): T => store.run({}, run);

export function noteCode(code: string): void {
  const notes = store.getStore();
  if (notes) notes.code = code;
}

export function noteRefusal(refusal: APIError): void {
  const notes = store.getStore();
  if (notes) notes.refusal = refusal;
}

/** A refusal about to be thrown, in catalogue words (see auth-error-text.ts). */
export function refusalText<T extends APIError>(refusal: T, text: CatalogueText): T {
  const notes = store.getStore();
  if (notes) notes.text = text;
  return refusal;
}

/** The catalogue words noted for this request's refusal, if any. */
export const notedText = (): CatalogueText | undefined => store.getStore()?.text;

/**
 * After each auth endpoint: a refused code becomes the answer, and in test mode (no SMS
 * provider, outside production) a code that was sent is added to the answer as `testModeCode`,
 * so the screen that asks for it can show it. `codesOnScreen` is false in production.
 */
export function codeNotes(codesOnScreen: boolean) {
  const after = createAuthMiddleware(async (ctx) => {
    const notes = store.getStore();
    const returned = ctx.context.returned;
    if (!notes || returned instanceof Response) return;
    if (isAPIError(returned)) {
      // Signing in with a number never confirmed texts a code and then refuses the sign-in.
      if (codesOnScreen && notes.code && !notes.refusal) {
        throw new APIError(returned.status, { ...returned.body, testModeCode: notes.code }, returned.headers);
      }
      return;
    }
    if (notes.refusal) throw notes.refusal;
    if (codesOnScreen && notes.code && returned && typeof returned === 'object') {
      return ctx.json({ ...(returned as Record<string, unknown>), testModeCode: notes.code });
    }
  });
  return {
    id: 'ecogrid-code-notes',
    hooks: { after: [{ matcher: () => true, handler: after }] },
  } satisfies BetterAuthPlugin;
}
