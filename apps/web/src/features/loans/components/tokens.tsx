import { useTranslation } from 'react-i18next';
import type { LoanToken } from '../api.ts';
import { useFormats } from '@/lib/formats.ts';
import { groupDigits } from '../format.ts';

const UNLOCK = 'DISABLE_PAYG';

/** What a token does: the days of use it adds, or (the unlock token) that it frees the device for good. */
function useTokenText() {
  const { t } = useTranslation();
  return (token: LoanToken) =>
    token.type === UNLOCK
      ? t('loans.tokens.unlockBody')
      : token.days !== null
        ? t('loans.tokens.days', { count: token.days })
        : t('loans.tokens.other');
}

/**
 * The device's tokens, newest first: the newest large and grouped in threes, as it is typed on
 * the device's keypad, with what it does and when it came; the earlier ones folded away.
 */
export function Tokens({ tokens }: { tokens: LoanToken[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const text = useTokenText();
  const [newest, ...earlier] = tokens;
  if (!newest) return null;
  const unlock = newest.type === UNLOCK;
  return (
    <section aria-labelledby="tokens-title" className="space-y-3">
      <h2 id="tokens-title" className="text-lg font-semibold">
        {t('loans.tokens.title')}
      </h2>
      <div className="space-y-2 rounded-lg border-2 border-brand-700 bg-white p-4">
        <p className="text-sm font-medium text-stone-700">
          {unlock ? t('loans.tokens.unlockTitle') : t('loans.tokens.newest')}
        </p>
        <p className="font-mono text-3xl font-bold tracking-wide break-words tabular-nums" data-testid="newest-token">
          {groupDigits(newest.token)}
        </p>
        <p>{text(newest)}</p>
        <p className="text-sm text-stone-700">
          <time dateTime={newest.createdAt}>{formats.dateTime(newest.createdAt)}</time>
        </p>
        <p className="text-sm text-stone-600">{t('loans.tokens.howTo')}</p>
      </div>
      {earlier.length > 0 && (
        <details className="rounded-lg border border-stone-200 bg-white">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium text-brand-800">
            {t('loans.tokens.earlier', { count: earlier.length })}
          </summary>
          <ul className="divide-y divide-stone-100 border-t border-stone-200 px-3">
            {earlier.map((token) => (
              <li key={`${token.count}-${token.token}`} className="space-y-0.5 py-2">
                <p className="font-mono text-lg tabular-nums">{groupDigits(token.token)}</p>
                <p className="text-sm text-stone-700">
                  {text(token)} · <time dateTime={token.createdAt}>{formats.dateTime(token.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
