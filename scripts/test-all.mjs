#!/usr/bin/env node
// The one test command (`npm test`): builds the web app, runs every suite, and ends with the
// line `N passed, N failed` (totals of all suites). A missing PostgreSQL server or Chromium is
// installed with the system's package manager when this user may (root, or sudo without a
// password), and the run says what it installed. Otherwise its suite is skipped with a warning,
// except under CI=true, where every suite is mandatory and a missing one fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/test-results');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function run(command, args, options = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

function record(name, passed, failed, note = '') {
  results.push({ name, passed, failed, note });
}

/** A check with no test count of its own (build, lint, types) counts as one test. */
function check(name, command, args) {
  const ok = run(command, args) === 0;
  record(name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

function vitest(name, dir, prefix = [], files = []) {
  const report = path.join(out, `${name.replace(/\W+/g, '-')}.json`);
  const [command, ...args] = [
    ...prefix,
    'npx',
    'vitest',
    'run',
    '--root',
    dir,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...files,
  ];
  const status = run(command, args);
  if (!existsSync(report)) return record(name, 0, 1, `no report (exit ${status})`);
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const failed = r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(name, r.numPassedTests, failed, r.numTotalTests === 0 ? 'ran no test' : '');
}

const installed = [];
let aptUpdated = false;
function mayInstall() {
  if (process.env.ECOGRID_NO_INSTALL === '1') return null;
  if (spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) return null;
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo'] : null;
}

/** Installs a Debian package the suites need, when allowed; true when it is now there. */
function provide(what, aptPackage, present) {
  if (present()) return true;
  const prefix = mayInstall();
  if (!prefix) return false;
  console.log(`\n▶ ${what} is missing: installing the '${aptPackage}' package with apt-get`);
  const [command, ...args] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive'];
  if (!aptUpdated)
    aptUpdated = spawnSync(command, [...args, 'apt-get', 'update', '-qq'], { stdio: 'inherit' }).status === 0;
  spawnSync(command, [...args, 'apt-get', 'install', '-y', '-qq', aptPackage], { stdio: 'inherit' });
  const ok = present();
  if (ok) installed.push(`${aptPackage} (${what})`);
  return ok;
}

function skipOrFail(name, reason) {
  if (ci) return record(name, 0, 1, `${reason} (mandatory under CI)`);
  console.warn(`\n⚠ ${name} SKIPPED: ${reason}. Under CI=true this fails the run.`);
  record(name, 0, 0, `skipped: ${reason}`);
}

const built = check('build web app', 'npm', ['run', 'build']);
check('typecheck', 'npm', ['run', 'typecheck']);
check('lint and format', 'npm', ['run', 'lint']);

vitest('core unit', 'packages/core');
vitest('web unit and bundle budget', 'apps/web');
vitest('server on PGlite', 'apps/server');

const postgresPresent = () =>
  ['18', '17', '16', '15'].some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) ||
  spawnSync('sh', ['-c', 'command -v initdb'], { stdio: 'ignore' }).status === 0;
const hasPostgres = provide('the PostgreSQL server', 'postgresql', postgresPresent);
if (hasPostgres) vitest('server on PostgreSQL', 'apps/server', ['scripts/with-postgres.sh']);
else skipOrFail('server on PostgreSQL', 'no PostgreSQL server binaries (initdb)');
// Only the tests of reads from a streaming replica: a primary and its replica, a few seconds.
if (hasPostgres) vitest('server with a read replica', 'apps/server', ['scripts/with-replica.sh'], ['.replica.test.ts']);
else skipOrFail('server with a read replica', 'no PostgreSQL server binaries (initdb)');

const defaultChromium = !process.env.CHROMIUM_PATH;
if (defaultChromium) provide('Chromium', 'chromium', () => existsSync(chromium));
if (!built) record('browser journeys', 0, 1, 'web app did not build');
else if (!existsSync(chromium)) skipOrFail('browser journeys', `no Chromium at ${chromium}`);
else {
  const report = path.join(root, 'e2e/test-results/results.json');
  rmSync(report, { force: true });
  const status = run('npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e') });
  if (!existsSync(report)) record('browser journeys', 0, 1, `no report (exit ${status})`);
  else {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    const failed = stats.unexpected + stats.flaky + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
    record('browser journeys', stats.expected, failed, stats.expected + stats.unexpected === 0 ? 'ran no test' : '');
  }
}

console.log('\nSuite                          passed  failed');
for (const r of results) {
  console.log(`${r.name.padEnd(30)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${r.note}`);
}
if (installed.length > 0) console.log(`\nInstalled for this run: ${installed.join(', ')}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const empty = results.some((r) => r.note === 'ran no test');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || empty || passed === 0 ? 1 : 0);
