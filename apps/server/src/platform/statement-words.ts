import { textsFor } from './i18n.ts';

/**
 * The words of the printed statements (loan and wallet), from the `statements` catalogue in the
 * customer's language (users.preferred_language); anything else reads English. The PDF's
 * standard fonts have no ŋ, so the Luganda catalogue writes ng' as on a keyboard without it.
 */
export type StatementWords = {
  loanTitle: (number: string) => string;
  period: (from: string, to: string) => string;
  kinds: Record<'deposit' | 'repayment' | 'recovery', string>;
  methods: Record<'wallet' | 'cash' | 'mtn' | 'airtel', string>;
  statuses: Record<string, string>;
} & Record<(typeof LABELS)[number], string>;

const LABELS = [
  'walletTitle',
  'printed',
  'customer',
  'accountNumber',
  'product',
  'plan',
  'device',
  'status',
  'schedule',
  'payments',
  'tokens',
  'none',
  'number',
  'dueDate',
  'due',
  'paid',
  'owed',
  'date',
  'what',
  'method',
  'amount',
  'token',
  'days',
  'description',
  'balance',
  'cashPrice',
  'creditPrice',
  'costOfCredit',
  'fees',
  'forgiven',
  'openingBalance',
  'closingBalance',
  'moneyIn',
  'moneyOut',
] as const;

const cache = new Map<string, StatementWords>();

export function statementWords(preferredLanguage: string): StatementWords {
  const { t, language } = textsFor(preferredLanguage);
  const known = cache.get(language);
  if (known) return known;
  const group = <K extends string>(key: string) =>
    t(`statements:${key}`, { returnObjects: true }) as unknown as Record<K, string>;
  const words = {
    ...(Object.fromEntries(LABELS.map((label) => [label, t(`statements:${label}`)])) as Record<
      (typeof LABELS)[number],
      string
    >),
    loanTitle: (number: string) => t('statements:loanTitle', { number }),
    period: (from: string, to: string) => t('statements:period', { from, to }),
    kinds: group<'deposit' | 'repayment' | 'recovery'>('kinds'),
    methods: group<'wallet' | 'cash' | 'mtn' | 'airtel'>('methods'),
    statuses: group<string>('statuses'),
  };
  cache.set(language, words);
  return words;
}
