import { parseUgx } from '@ecogrid/core/money';
import { PAYMENT_LIMITS } from '@ecogrid/core/payments';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';

/**
 * A typed amount for the schema: whole shillings as a number ("25,000" and "UGX 25000" too),
 * a decimal as typed so the schema can say UGX has no cents, and nothing for anything else.
 */
export function parseAmount(text: string): number | undefined {
  const whole = parseUgx(text);
  if (whole !== null) return whole;
  const cleaned = text
    .trim()
    .replace(/^UGX\s*/i, '')
    .replace(/[,\s]/g, '');
  const value = Number(cleaned);
  return cleaned && Number.isFinite(value) ? value : undefined;
}

export { localPhone } from '@/lib/phone.ts';

/** What a failed zod parse reports (the web app takes the schemas from core, not zod itself). */
type Issue = { path: readonly PropertyKey[]; code: string; message: string; expected?: unknown };

export type FieldErrors = Partial<Record<'amount' | 'phone' | 'network' | 'code', string>>;

/**
 * The schema's refusals, one per field, in the reader's language. The English catalogue has
 * the shared schemas' exact words (the server's); a refusal this version does not know keeps
 * the schema's own message.
 */
export function useFieldErrors() {
  const { t } = useTranslation();
  return (error: { issues: readonly Issue[] }): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of error.issues) {
      const field = issue.path[0] as keyof FieldErrors;
      if (errors[field]) continue;
      const key =
        field === 'amount'
          ? issue.code === 'too_small'
            ? 'amountMin'
            : issue.code === 'too_big'
              ? 'amountMax'
              : issue.code === 'invalid_type' && issue.expected === 'int'
                ? 'amountWhole'
                : 'amountNumber'
          : field;
      errors[field] = t(`wallet.check.${key}`, {
        defaultValue: issue.message,
        min: formatUgx(PAYMENT_LIMITS.min),
        max: formatUgx(PAYMENT_LIMITS.max),
      });
    }
    return errors;
  };
}
