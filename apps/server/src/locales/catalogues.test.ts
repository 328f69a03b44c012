import { describe, expect, it } from 'vitest';
import { CATALOGUES, NAMESPACES } from './catalogues.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf as "a.b.c" → text; plural forms (_one, _other, ...) are one key with its forms. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? ''))].sort();

describe('the server catalogues', () => {
  for (const ns of NAMESPACES) {
    const en = leaves(CATALOGUES.en[ns] as Tree);
    for (const lang of ['lg', 'sw'] as const) {
      const other = leaves(CATALOGUES[lang][ns] as Tree);

      it(`${lang}/${ns} has every English key and no other`, () => {
        expect([...new Set([...other.keys()].map(base))].sort()).toEqual([...new Set([...en.keys()].map(base))].sort());
      });

      it(`${lang}/${ns} uses the same placeholders as English`, () => {
        const byBase = (m: Map<string, string>) => {
          const out = new Map<string, string[]>();
          for (const [k, v] of m)
            out.set(base(k), [...new Set([...(out.get(base(k)) ?? []), ...placeholders(v)])].sort());
          return out;
        };
        const want = byBase(en);
        const got = byBase(other);
        const mismatched = [...want]
          .filter(([k, v]) => JSON.stringify(got.get(k)) !== JSON.stringify(v))
          .map(([k]) => k);
        expect(mismatched).toEqual([]);
      });

      it(`${lang}/${ns} has no empty text`, () => {
        expect([...other].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
      });
    }
  }
});
