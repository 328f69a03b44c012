/** pgbench's tpcb-like load on the same PostgreSQL server: the yardstick for the wallet benchmark. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMark, profile, sampleBackends } from './cpu-usage.ts';
import { oneDecimal, percentile } from './lib.ts';

const THREADS = 2;

/** The load both sides of the comparison get: clients, warm-up and measured seconds. */
export type Load = { connections: number; warmupS: number; runS: number };

// ---- pgbench ----

function pgbenchBinary(): string {
  const dirs = [process.env.PG_BIN, ...[18, 17, 16, 15].map((v) => `/usr/lib/postgresql/${v}/bin`)];
  for (const dir of dirs) if (dir && existsSync(path.join(dir, 'pgbench'))) return path.join(dir, 'pgbench');
  return 'pgbench';
}

/** Runs pgbench through bash, whose `times` then reports the CPU pgbench used. */
async function runPgbench(args: string[]): Promise<{ output: string; cpuMs: number }> {
  const script = '"$@"; status=$?; times >&2; exit $status';
  const child = spawn('bash', ['-c', script, 'pgbench', pgbenchBinary(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`pgbench ${args.join(' ')} exited with ${code}\n${stdout}\n${stderr}`);
  // times: the shell's user and system time, then its children's: "0m1.234s 0m0.567s".
  const childTimes = stderr.trim().split('\n').at(-1) ?? '';
  const cpuMs = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (n, m) => n + (Number(m[1]) * 60 + Number(m[2])) * 1000,
    0,
  );
  return { output: stdout + stderr, cpuMs };
}

/** Latencies in ms from pgbench's per-transaction logs (`-l`), whose third field is the transaction's time in µs. */
function loggedLatencies(dir: string): number[] {
  const latencies: number[] = [];
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 6) latencies.push(Number(fields[2]) / 1000);
    }
  }
  return latencies;
}

export async function benchPgbench(adminUrl: string, postmasterPid: number, scale: number, load: Load) {
  const database = `bench_pgbench_s${scale}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const target = url.toString();

  const initStarted = Date.now();
  await runPgbench(['-i', '-s', String(scale), '-q', target]);
  const initSeconds = oneDecimal((Date.now() - initStarted) / 1000);
  const common = ['-b', 'tpcb-like', '-c', String(load.connections), '-j', String(THREADS)];
  await runPgbench([...common, '-T', String(load.warmupS), target]);

  const logs = mkdtempSync(path.join(tmpdir(), 'pgbench-log-'));
  try {
    const before = cpuMark(process.pid, postmasterPid);
    const stopSampling = sampleBackends(adminUrl, database);
    const { output, cpuMs } = await runPgbench([
      ...common,
      '-T',
      String(load.runS),
      '-l',
      `--log-prefix=${path.join(logs, 'tx')}`,
      target,
    ]);
    const backends = await stopSampling();
    const after = cpuMark(process.pid, postmasterPid);
    const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
    const transactions = number(/number of transactions actually processed: (\d+)/);
    const latencies = loggedLatencies(logs);
    const cpu = profile(before, after, transactions, cpuMs);
    return {
      scale,
      initSeconds,
      tps: oneDecimal(number(/tps = ([\d.]+) \(without initial connection time\)/)),
      transactions,
      failed: number(/number of failed transactions: (\d+)/),
      p50Ms: oneDecimal(percentile(latencies, 50)),
      p99Ms: oneDecimal(percentile(latencies, 99)),
      meanMs: oneDecimal(number(/latency average = ([\d.]+) ms/)),
      // The load generator is pgbench itself (the bench process only samples pg_stat_activity).
      cpuPerTransaction: cpu,
      backends,
    };
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
}
