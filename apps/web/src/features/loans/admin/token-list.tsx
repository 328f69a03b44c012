import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';

type Token = { count: number; type: string; days: number | null; token: string; createdAt: string };

/** Device tokens, each with what it does and the count it moved the device to. */
export function TokenList({ tokens, emptyText }: { tokens: readonly Token[]; emptyText: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (tokens.length === 0) return <p className="text-stone-700">{emptyText}</p>;
  return (
    <ul className="space-y-3">
      {tokens.map((token) => (
        <li
          key={`${token.count}-${token.createdAt}`}
          className="space-y-1 rounded-lg border border-stone-200 bg-white p-3"
        >
          <p className="font-mono text-lg font-semibold tracking-wider break-all">{token.token}</p>
          <p className="text-sm text-stone-700">
            {t(`adminLoans.tokens.type.${token.type}`, { defaultValue: token.type })}
            {token.days !== null && <> · {t('adminLoans.tokens.days', { count: token.days })}</>} ·{' '}
            {t('adminLoans.tokens.count', { number: token.count })} ·{' '}
            <time dateTime={token.createdAt}>{formats.stamp(token.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
