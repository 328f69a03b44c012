/**
 * What the benchmarks measure besides answers: the CPU time a process tree, PostgreSQL and the
 * whole machine used (read from /proc), and what PostgreSQL's client backends were doing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { twoDecimals } from './lib.ts';

const CLOCK_TICKS = 100;
const SAMPLE_MS = 100;

// ---- CPU time from /proc ----

type ProcStat = { pid: number; ppid: number; ticks: number };

export function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from 1 with pid.
    const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0);
    return { pid, ppid: Number(fields[1]), ticks };
  } catch {
    return null; // gone
  }
}

/**
 * CPU time in ms of a process and its live descendants, each with its reaped children: the
 * postmaster's own count includes every backend that has exited.
 */
function treeCpuMs(root: number): number {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const children = new Map<number, ProcStat[]>();
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let ticks = 0;
  const stack = all.filter((s) => s.pid === root);
  while (stack.length > 0) {
    const s = stack.pop()!;
    ticks += s.ticks;
    stack.push(...(children.get(s.pid) ?? []));
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The machine's busy and total CPU time so far, in ms, over all cores. */
function machineCpuMs(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

export type CpuMark = { server: number; postgres: number; self: number; machine: { busy: number; total: number } };

export function cpuMark(serverPid: number, postmasterPid: number): CpuMark {
  const self = process.cpuUsage();
  return {
    server: treeCpuMs(serverPid),
    postgres: treeCpuMs(postmasterPid),
    self: (self.user + self.system) / 1000,
    machine: machineCpuMs(),
  };
}

// ---- what the client backends are doing ----

/** Samples pg_stat_activity for `database` every SAMPLE_MS until stopped; the average backends in each state. */
export function sampleBackends(databaseUrl: string, database: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const totals = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string; n: number }>(
        `select case
                  when state = 'active' and wait_event_type is null then 'on CPU'
                  when state = 'active' then 'waiting: ' || wait_event_type || ':' || wait_event
                  when state = 'idle in transaction' then 'idle in transaction (waiting for the client)'
                  else state
                end as what, count(*)::int as n
           from pg_stat_activity
          where backend_type = 'client backend' and datname = $1 and pid <> pg_backend_pid()
          group by 1`,
        [database],
      );
      samples++;
      for (const row of rows) totals.set(row.what, (totals.get(row.what) ?? 0) + row.n);
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    return Object.fromEntries(
      [...totals].sort((a, b) => b[1] - a[1]).map(([what, n]) => [what, twoDecimals(n / Math.max(1, samples))]),
    );
  };
}

/** CPU time per payment or transaction: PostgreSQL's, the load generator's, the whole machine's; its busy share. */
export function profile(before: CpuMark, after: CpuMark, count: number, loadGeneratorMs: number) {
  const machine = after.machine.busy - before.machine.busy;
  return {
    postgresCpuMs: twoDecimals((after.postgres - before.postgres) / count),
    loadGeneratorCpuMs: twoDecimals(loadGeneratorMs / count),
    machineCpuMs: twoDecimals(machine / count),
    machineBusy: twoDecimals(machine / (after.machine.total - before.machine.total)),
  };
}
