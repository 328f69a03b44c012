import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseForProcesses, startServer, waitFor, type Started } from './server-process.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

/** An SMTP server that takes the connection and never answers: a delivery in progress, frozen. */
async function startSilentSmtp() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    connections: () => sockets.length,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The database both processes use, one after the other: a PostgreSQL database of its own when
 * DATABASE_URL is set, else an embedded one in a fresh folder.
 */
let env: Record<string, string>;
let dropDatabase = async () => {};
beforeAll(async () => {
  ({ env, drop: dropDatabase } = await databaseForProcesses('jobs'));
});
afterAll(async () => dropDatabase());

describe('background jobs across a crash', () => {
  it('sends an email whose delivery was cut off by a killed process once the app is back', async () => {
    const silent = await startSilentSmtp();
    const receiver = await startSmtpReceiver();
    const common = {
      ...env,
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      DEMO_ACCOUNTS: 'false',
      JOB_TIMEOUT_SECONDS: '3',
      JOB_CHECK_SECONDS: '1',
    };
    let first: Started | undefined;
    let second: Started | undefined;
    try {
      first = startServer({ ...common, SMTP_URL: silent.url });
      await waitFor(() => first!.port() !== null, 'the first process', 60_000);
      const origin = `http://127.0.0.1:${first.port()}`;
      const email = `crash.${Date.now()}@example.ug`;
      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${first.port()}` },
        body: JSON.stringify({ email, password: 'mango tree beside the borehole', name: 'Auma Grace' }),
      });
      expect(signUp.status).toBe(200);

      // The confirmation email's delivery job is running: its SMTP connection is open and stuck.
      await waitFor(() => silent.connections() > 0, 'the delivery attempt', 20_000);
      first.child.kill('SIGKILL');
      await first.exited;

      second = startServer({ ...common, SMTP_URL: receiver.url });
      await waitFor(() => second!.port() !== null, 'the second process', 60_000);
      await waitFor(() => receiver.received.some((m) => m.to.includes(email)), 'the email after restart', 90_000);
      const mails = receiver.received.filter((m) => m.to.includes(email));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('/email-verification?token=');
    } catch (error) {
      throw new Error(
        `${String(error)}\n--- first process:\n${first?.output()}\n--- second process:\n${second?.output()}`,
      );
    } finally {
      first?.child.kill('SIGKILL');
      second?.child.kill('SIGTERM');
      await second?.exited;
      await silent.close();
      await receiver.close();
    }
  }, 150_000);
});
