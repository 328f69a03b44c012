/**
 * `npm run bench`: the catalogue API against the raw driver (on a throw-away PostgreSQL) and
 * the marketplace page's JavaScript and Lighthouse score. Prints the figures and writes them
 * to bench/results/latest.json; bench/README.md records them with the date.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchCatalogApi } from './catalog-api.bench.ts';
import { ROOT } from './lib.ts';
import { benchMarketplacePage } from './marketplace-page.bench.ts';

if (!process.env.DATABASE_URL) {
  // Re-run this script with a throw-away PostgreSQL server behind DATABASE_URL.
  const child = spawnSync(
    path.join(ROOT, 'scripts/with-postgres.sh'),
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(child.status ?? 1);
}

const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// `npm run bench -- api` or `-- page` runs one of the two.
const only = process.argv[2];
let catalogApi: Awaited<ReturnType<typeof benchCatalogApi>> | undefined;
let marketplace: Awaited<ReturnType<typeof benchMarketplacePage>> | undefined;

if (only !== 'page') {
  catalogApi = await benchCatalogApi(process.env.DATABASE_URL);
  console.log('\n(a) catalogue list API, 24 products, PostgreSQL');
  console.table({ app: catalogApi.app, 'raw pg driver': catalogApi.raw });
  console.log(`ratio app/raw: ${catalogApi.ratio} (target >= 0.6)`);
}
if (only !== 'api') {
  marketplace = await benchMarketplacePage();
  console.log('\n(b) marketplace page');
  console.log(JSON.stringify(marketplace, null, 2));
}

// A run of one benchmark keeps the other's last figures.
const file = path.join(ROOT, 'bench/results/latest.json');
const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
const results = {
  ...previous,
  date: new Date().toISOString(),
  node: process.version,
  ...(catalogApi && { catalogApi }),
  ...(marketplace && { marketplace }),
};
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(results, null, 2));
console.log('\nwritten to bench/results/latest.json');
