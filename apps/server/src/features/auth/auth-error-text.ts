import { languageFromHeader, render, textsFor } from '#src/platform/i18n.ts';
import { notedText } from './code-notes.ts';

type Refusal = { code?: unknown; message?: unknown };

/**
 * A refusal from the auth library (sign-in, sign-up, codes, passwords: `{ code, message }`) in
 * the language the request asks for by Accept-Language, which the web app sets to the language
 * on screen. English answers stay as the library and the hooks wrote them. Otherwise the
 * message is the refusal's noted catalogue text (one with particulars, code-notes.ts), else its
 * code's words (`errors:auth.<CODE>`; a 429 without a code is the library's rate limit), else
 * left in English.
 */
export async function answerInReaderLanguage(request: Request, response: Response): Promise<Response> {
  const language = languageFromHeader(request.headers.get('accept-language'));
  if (language === 'english' || response.status < 400) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Refusal | null;
  if (!body || typeof body !== 'object' || typeof body.message !== 'string') return response;
  const texts = textsFor(language);
  const code = typeof body.code === 'string' ? body.code : response.status === 429 ? 'TOO_MANY_REQUESTS' : null;
  const noted = notedText();
  const message = noted
    ? render(texts, noted)
    : code && /^[A-Z_]{2,64}$/.test(code)
      ? texts.t(`errors:auth.${code}`, { defaultValue: '' })
      : '';
  if (!message) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, message }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
