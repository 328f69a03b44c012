// A feature reads and writes only its own tables (docs/conventions.md). Lint checks the imports
// of table objects; this test checks the raw SQL too, where a table is named in text.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');
const features = readdirSync(join(src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every table named in db/schema, with the feature whose file declares it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const dir = join(src, 'db/schema');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const owner = basename(file, '.ts');
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      owners.set(match[1]!, owner);
    }
  }
  return owners;
}

/** The text of each sql`…` template in a source file, interpolations left out. */
function sqlTexts(code: string): string[] {
  const texts: string[] = [];
  let at = code.indexOf('sql`');
  while (at !== -1) {
    let i = at + 4;
    let depth = 0;
    let text = '';
    while (i < code.length && !(depth === 0 && code[i] === '`')) {
      if (depth === 0 && code.startsWith('${', i)) {
        depth = 1;
        i += 2;
        continue;
      }
      if (depth > 0 && code[i] === '{') depth += 1;
      if (depth > 0 && code[i] === '}') depth -= 1;
      if (depth === 0) text += code[i];
      i += 1;
    }
    texts.push(text);
    at = code.indexOf('sql`', i + 1);
  }
  return texts;
}

/** Tables a piece of SQL reads or writes: the names after FROM, JOIN, UPDATE and INTO. */
function tablesIn(text: string): string[] {
  return [...text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!.toLowerCase());
}

/** A feature's code, without its tests and their setup files, which may prepare other features' rows. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/test/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('raw SQL stays inside its feature', () => {
  it('finds the tables a statement names', () => {
    const code = 'const q = sql`select p.id from payments p join "user" u on ${x} = u.id where ${y}`;';
    expect(sqlTexts(code).flatMap(tablesIn)).toEqual(['payments', 'user']);
  });

  it('names no table of another feature in any feature', () => {
    const owners = tableOwners();
    const breaches: string[] = [];
    for (const feature of features) {
      for (const file of sourceFiles(join(src, 'features', feature))) {
        for (const table of sqlTexts(readFileSync(file, 'utf8')).flatMap(tablesIn)) {
          const owner = owners.get(table);
          if (owner && owner !== feature && features.includes(owner)) {
            breaches.push(`${file.slice(src.length + 1)} names ${table} (${owner})`);
          }
        }
      }
    }
    expect(breaches).toEqual([]);
  });
});
