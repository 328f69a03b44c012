import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from './auth-helpers.ts';
import { databaseForProcesses, startServer, waitFor, type Started } from './server-process.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

/** The database both processes use in turn: its own PostgreSQL database, or an embedded one in a fresh folder. */
let env: Record<string, string>;
let dropDatabase = async () => {};
beforeAll(async () => {
  ({ env, drop: dropDatabase } = await databaseForProcesses('payments'));
});
afterAll(async () => dropDatabase());

describe('a top-up across a crash', () => {
  it('credits once, by reconciliation, a payment the network approved while its process died before any callback', async () => {
    const receiver = await startSmtpReceiver();
    const common = {
      ...env,
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      DEMO_ACCOUNTS: 'false',
      SMTP_URL: receiver.url,
      // Numbers ending 000105: the network takes (and approves) the request, but its answer never arrives.
      MOBILE_MONEY_TIMEOUT_SECONDS: '1',
    };
    let first: Started | undefined;
    let second: Started | undefined;
    try {
      // The first process would not ask the network for an hour; the second asks at once.
      first = startServer({ ...common, PAYMENT_RECONCILE_AFTER_SECONDS: '3600' });
      await waitFor(() => first!.port() !== null, 'the first process', 60_000);
      let origin = `http://127.0.0.1:${first.port()}`;
      const email = `topup.${Date.now()}@example.ug`;
      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, password: STRONG_PASSWORD, name: 'Okello James' }),
      });
      expect(signUp.status).toBe(200);
      await waitFor(() => receiver.received.some((m) => m.to.includes(email)), 'the confirmation email', 30_000);
      const token = /email-verification\?token=([^\s]+)/.exec(
        receiver.received.find((m) => m.to.includes(email))!.text,
      )?.[1];
      const verify = await fetch(`${origin}/api/auth/verify-email?token=${token}`, {
        redirect: 'manual',
        headers: { origin },
      });
      const cookie = verify.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(cookie).toContain('session_token');

      const topUp = await fetch(`${origin}/api/wallet/top-ups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie, 'idempotency-key': `crash-${Date.now()}` },
        body: JSON.stringify({ amount: 30_000, phone: '0772 000105', network: 'mtn' }),
      });
      expect(topUp.status).toBe(202);
      const payment = (await topUp.json()) as { id: string; status: string };
      expect(payment.status).toBe('pending');
      // The network has the money; no callback will come; the process dies.
      first.child.kill('SIGKILL');
      await first.exited;

      second = startServer({ ...common, PAYMENT_RECONCILE_AFTER_SECONDS: '0' });
      await waitFor(() => second!.port() !== null, 'the second process', 60_000);
      origin = `http://127.0.0.1:${second.port()}`;
      let status = 'pending';
      await waitFor(
        () => status === 'successful',
        'reconciliation after the restart',
        60_000,
        async () => {
          const response = await fetch(`${origin}/api/payments/${payment.id}`, { headers: { cookie, origin } });
          status = ((await response.json()) as { status: string }).status;
          if (status === 'pending') await new Promise((r) => setTimeout(r, 400));
        },
      );
      const wallet = (await (await fetch(`${origin}/api/wallet`, { headers: { cookie, origin } })).json()) as {
        balance: number;
      };
      expect(wallet.balance).toBe(30_000);
      const statement = (await (
        await fetch(`${origin}/api/wallet/statement`, { headers: { cookie, origin } })
      ).json()) as {
        items: unknown[];
      };
      expect(statement.items).toHaveLength(1);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\n--- first process ---\n${first?.output().slice(-3000)}\n--- second ---\n${second?.output().slice(-3000)}`,
      );
    } finally {
      first?.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
      await Promise.all([first?.exited, second?.exited]);
      await receiver.close();
    }
  }, 150_000);
});
