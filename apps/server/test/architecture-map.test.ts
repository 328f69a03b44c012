// docs/architecture.md opens with a map of every domain: its server folder, web folder, tables
// and tests. A newcomer trusts it only while it is true, so this test reads it against the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const serverFeatures = join(root, 'apps/server/src/features');
const webFeatures = join(root, 'apps/web/src/features');
const schema = join(root, 'apps/server/src/db/schema');

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

type Row = { domain: string; server: string; web: string; tables: string; tests: string };

function mapRows(): Row[] {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Map'), doc.indexOf('\n## ', doc.indexOf('## Map') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| domain') && !line.startsWith('| ---'))
    .map((line) => {
      const [domain, server, web, tables, tests] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { domain: domain!, server: server!, web: web!, tables: tables!, tests: tests! };
    });
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('the map in docs/architecture.md', () => {
  const rows = mapRows();

  it('has a row for every domain', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('names every server and web feature folder, and only folders that exist', () => {
    const server = rows.flatMap((row) => codeSpans(row.server)).map((path) => path.replace(/\/$/, ''));
    const web = rows
      .flatMap((row) => codeSpans(row.web))
      .filter((path) => !path.includes('.'))
      .map((path) => path.replace(/\/$/, ''));
    expect([...server].sort()).toEqual(folders(serverFeatures).sort());
    expect([...web].sort()).toEqual(folders(webFeatures).sort());
  });

  it('names tables that their schema file declares', () => {
    // A cell reads "`orders.ts`: orders, order_lines; `messaging.ts`: outbox_messages (…)".
    for (const part of rows.flatMap((row) => row.tables.split(';'))) {
      const [file] = codeSpans(part);
      if (!file) continue;
      const declared = readFileSync(join(schema, file), 'utf8');
      const names = (part.split(':')[1] ?? '').match(/\b[a-z]+(?:_[a-z]+)*\b/g) ?? [];
      for (const name of names.filter((word) => !['with', 'platform'].includes(word))) {
        expect(declared, `${file} declares ${name}`).toContain(`'${name}'`);
      }
    }
  });

  it('points at test files that exist', () => {
    const paths = rows.flatMap((row) => codeSpans(row.tests));
    expect(paths.length).toBe(rows.length);
    for (const path of paths) expect(existsSync(join(root, path)), path).toBe(true);
  });
});
