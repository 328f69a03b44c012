import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';

export const ROOT = new URL('..', import.meta.url).pathname;

/**
 * Settings every benchmark server starts with. Production mode refuses to start without a
 * mobile-money network, and the benches pay with test money, so they opt into the sandbox one.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-only-secret-0123456789-abcdefghijklmnop',
  MOBILE_MONEY_SANDBOX: 'true',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts a Node process and resolves once `url` answers 200. */
export async function startProcess(args: string[], env: Record<string, string>, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not come up`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export const oneDecimal = (value: number) => Number(value.toFixed(1));
export const twoDecimals = (value: number) => Number(value.toFixed(2));

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** The nearest-rank percentile `q` (0-100) of `values`. */
export const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((q / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * The full app (bench/auth-server.ts) on the PostgreSQL server in `databaseUrl`, on a free port,
 * as the sign-in, event-stream and orders benchmarks drive it.
 */
export async function startApp(
  databaseUrl: string,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<{ server: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'bench/auth-server.ts'],
    {
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: '10',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...PRODUCTION_ENV,
      ...options.env,
    },
    `${baseUrl}/api/health`,
  );
  return { server, baseUrl };
}

let addresses = 0;
/** A client address not used before in this run: 10.0.0.1, 10.0.0.2, ... (the app limits sign-ups per address). */
export function nextAddress(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export type Account = { email: string; password: string; name: string };

/**
 * Accounts made through POST /api/auth/sign-up/email, `concurrency` at a time, each from an address
 * of its own, then confirmed as the email link would; returns each account's user id by email.
 */
export async function signUpConfirmed(
  baseUrl: string,
  databaseUrl: string,
  accounts: Account[],
  concurrency = 1,
): Promise<Map<string, string>> {
  for (let i = 0; i < accounts.length; i += concurrency) {
    await Promise.all(
      accounts.slice(i, i + concurrency).map(async (account) => {
        const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, 'x-client-ip': nextAddress() },
          body: JSON.stringify(account),
        });
        if (response.status !== 200) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
      }),
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string }>(
      'update users set email_verified = true where email = any($1::text[]) returning id, email',
      [accounts.map((a) => a.email)],
    );
    if (rows.length !== accounts.length) throw new Error(`confirmed ${rows.length} of ${accounts.length} accounts`);
    return new Map(rows.map((r) => [r.email, r.id]));
  } finally {
    await client.end();
  }
}

/** The cookies a sign-in's answer sets, as a Cookie header; throws unless it signed someone in. */
export async function sessionCookie(response: Response): Promise<string> {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (response.status !== 200 || !cookie.includes('session_token=')) {
    throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

/** Signed-up, confirmed and signed-in accounts: each one's user id and session cookie. */
export async function signedInAccounts(
  baseUrl: string,
  databaseUrl: string,
  accounts: Account[],
): Promise<{ id: string; cookie: string }[]> {
  const ids = await signUpConfirmed(baseUrl, databaseUrl, accounts);
  const signedIn: { id: string; cookie: string }[] = [];
  for (const account of accounts) {
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-client-ip': nextAddress() },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    signedIn.push({ id: ids.get(account.email)!, cookie: await sessionCookie(response) });
  }
  return signedIn;
}
