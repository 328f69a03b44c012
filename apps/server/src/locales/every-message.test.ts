import { describe, expect, it } from 'vitest';
import { textsFor } from '#src/platform/i18n.ts';
import { CATALOGUES, NAMESPACES } from './catalogues.ts';

type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A plural form stands beside its `_other` form; `codes.stock_below_zero` is an error code's words. */
const isPluralForm = (key: string, siblings: Tree) =>
  PLURAL.test(key) && `${key.replace(PLURAL, '')}_other` in siblings;

/** Every message key of a namespace (plural forms as one key) with the placeholders its English text takes. */
function messages(tree: Tree, prefix = ''): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value !== 'string') {
      for (const [k, v] of messages(value, path)) out.set(k, v);
      continue;
    }
    const base = isPluralForm(key, tree) ? path.replace(PLURAL, '') : path;
    const names = out.get(base) ?? new Set<string>();
    for (const m of value.matchAll(/\{\{\s*(\w+)/g)) names.add(m[1]!);
    out.set(base, names);
  }
  return out;
}

/** Representative values: long names, a large amount, a 20-digit token. */
const SAMPLE: Record<string, string | number> = {
  count: 2,
  amount: 'UGX 1,250,000',
  agent: 'Nalubega Christine Namukwaya (AG-0042)',
  customer: 'Nalubega Christine Namukwaya',
  name: 'Nalubega Christine Namukwaya',
  token: '123 456 789 012 345 678 90',
  code: '482913',
};

describe('every server message', () => {
  for (const language of ['english', 'luganda', 'swahili']) {
    const { t } = textsFor(language);
    for (const ns of NAMESPACES) {
      it(`renders every ${ns} key in ${language} with its values filled in`, () => {
        const problems: string[] = [];
        for (const [key, names] of messages(CATALOGUES.en[ns] as Tree)) {
          const values = Object.fromEntries([...names].map((n) => [n, SAMPLE[n] ?? `<${n}>`]));
          const text = t(`${ns}:${key}`, values);
          if (typeof text !== 'string' || text === key || text === `${ns}:${key}`) problems.push(`${key}: missing`);
          else if (text.includes('{{') || text.includes('}}')) problems.push(`${key}: ${text}`);
          else for (const n of names) if (!text.includes(String(values[n]))) problems.push(`${key}: no ${n}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
