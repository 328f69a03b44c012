import { declaredIncomeSchema } from '@ecogrid/core/credit-policy';

/**
 * The monthly income a customer declares, as typed (thousands separators allowed): undefined when
 * left empty, or null when it is not what declaredIncomeSchema (and the server) accepts.
 */
export function parseDeclaredIncome(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const plain = text.replace(/[\s,]/g, '');
  const value = /^\d+$/.test(plain) ? Number(plain) : Number.NaN;
  return declaredIncomeSchema.safeParse(value).success ? value : null;
}
