import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createMailer } from '#src/platform/mail.ts';
import { createAirtelMoney } from '#src/platform/mobile-money/airtel.ts';
import { createMtnMoMo } from '#src/platform/mobile-money/mtn.ts';
import { createFolderStorage } from '#src/platform/storage.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { closedPort, startFakeProviders } from './diagnostics-test-servers.ts';
import { allChecks, runCheck } from './run-diagnostics.ts';
import type { Check, DiagnosticsDeps } from './types.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let providers: Awaited<ReturnType<typeof startFakeProviders>>;
let dataDir: string;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  providers = await startFakeProviders();
  ctx = await createTestContext();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-diagnostics-'));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await providers.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => providers.setMode('up'));

/** Live adapters of both networks, at `baseUrl`. */
function liveNetworks(baseUrl: string) {
  const common = { timeoutMs: 1_000, fetch };
  return {
    modes: { mtn: 'live', airtel: 'live' } as const,
    networks: {
      mtn: createMtnMoMo({
        ...common,
        baseUrl: `${baseUrl}/mtn`,
        targetEnvironment: 'mtnuganda',
        currency: 'UGX',
        collection: { subscriptionKey: 'key', apiUser: 'user', apiKey: 'secret' },
        disbursement: null,
        callbackUrl: () => 'http://localhost/callback',
      }),
      airtel: createAirtelMoney({
        ...common,
        baseUrl: `${baseUrl}/airtel`,
        clientId: 'client',
        clientSecret: 'secret',
        encryptedPin: null,
      }),
    },
  };
}

/** Every dependency up: the test's SMTP server, the stand-in providers, a folder of files. */
function deps(changes: Partial<DiagnosticsDeps> = {}): DiagnosticsDeps {
  return {
    db: ctx.db,
    jobs: ctx.jobs,
    mailer: createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'EcoGrid <checks@ecogrid.test>' }),
    sms: { AT_USERNAME: 'ecogrid', AT_API_KEY: 'at-key', AT_BASE_URL: providers.url },
    mobileMoney: liveNetworks(providers.url),
    storage: createFolderStorage(dataDir),
    dataDir,
    version: '1.2.3',
    commit: 'abc1234',
    mailTo: 'ops@example.ug',
    timeoutMs: 3_000,
    notifier: null,
    logger: ctx.logger,
    ...changes,
  };
}

const checkOf = (name: Check['name'], given: DiagnosticsDeps) => allChecks(given).find((c) => c.name === name)!;
const run = (name: Check['name'], given = deps()) => runCheck(checkOf(name, given), given.timeoutMs, null);

describe('each check with its dependency up', () => {
  it('passes every check and says what it found', async () => {
    const given = deps();
    const results = await Promise.all(allChecks(given).map((check) => runCheck(check, given.timeoutMs, null)));
    for (const result of results) {
      expect(result, result.check).toMatchObject({ status: 'ok' });
      expect(result.message.length).toBeGreaterThan(10);
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
    }
    const byName = Object.fromEntries(results.map((r) => [r.check, r]));
    expect(byName.sms!.message).toContain('UGX 52,000.00');
    expect(byName.mtn!.details).toMatchObject({ mode: 'live', balance: '1500000', currency: 'UGX' });
    expect(byName.mtn!.message).toBe('MTN MoMo gave a token and answered; the collection account holds UGX 1500000.');
    expect(byName.airtel!.details).toMatchObject({ mode: 'live', balance: '750000' });
    expect(byName.version!.message).toBe('Version 1.2.3, commit abc1234.');
    expect(byName.database!.details).toMatchObject({ missing: [] });
    expect(smtp.received.at(-1)!.to).toEqual(['ops@example.ug']);
  });

  it('sends the test email to the admin who pressed Run now when no address is set', async () => {
    const given = deps({ mailTo: null });
    const result = await runCheck(checkOf('smtp', given), given.timeoutMs, { id: 'x', email: 'admin@example.ug' });
    expect(result.status).toBe('ok');
    expect(smtp.received.at(-1)!.to).toEqual(['admin@example.ug']);
    expect((await run('smtp', deps({ mailTo: null }))).status).toBe('warn');
  });

  it('warns, not fails, for a provider that is not set up', async () => {
    expect((await run('sms', deps({ sms: {} }))).status).toBe('warn');
    expect((await run('smtp', deps({ mailer: createMailer({ MAIL_FROM: 'x <x@x.ug>' }) }))).status).toBe('warn');
    const off = { ...liveNetworks(providers.url), modes: { mtn: 'off', airtel: 'off' } as const };
    expect((await run('mtn', deps({ mobileMoney: off }))).status).toBe('warn');
  });

  it('takes the built-in sandbox as up', async () => {
    const result = await run('airtel', deps({ mobileMoney: ctx.mobileMoney }));
    expect(result).toMatchObject({ status: 'ok', details: { mode: 'sandbox' } });
  });
});

describe('each check with its dependency down', () => {
  it('fails the email check when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_FROM: 'x <x@x.ug>' });
    const result = await run('smtp', deps({ mailer }));
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(/ECONNREFUSED|connect/i);
  });

  it.each(['sms', 'mtn', 'airtel'] as const)(
    'fails the %s check on a closed port and on a server error',
    async (name) => {
      const down = `http://127.0.0.1:${await closedPort()}`;
      const closed = deps({
        sms: { AT_USERNAME: 'ecogrid', AT_API_KEY: 'at-key', AT_BASE_URL: down },
        mobileMoney: liveNetworks(down),
      });
      expect((await run(name, closed)).status).toBe('fail');
      providers.setMode('error');
      const failing = await run(name);
      expect(failing.status).toBe('fail');
      expect(failing.message).toMatch(/500/);
    },
  );

  it('fails a check whose dependency hangs, within its time, without stalling the others', async () => {
    providers.setMode('hang');
    const given = deps({ timeoutMs: 500 });
    const started = Date.now();
    const [sms, version] = await Promise.all([
      runCheck(checkOf('sms', given), 500, null),
      runCheck(checkOf('version', given), 500, null),
    ]);
    expect(sms).toMatchObject({ status: 'fail', message: 'No answer within 0.5 s.' });
    expect(version.status).toBe('ok');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails the storage check when the files cannot be written', async () => {
    const file = path.join(dataDir, 'not-a-folder');
    writeFileSync(file, 'x');
    const result = await run('storage', deps({ storage: createFolderStorage(path.join(file, 'media')) }));
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(/ENOTDIR|not a directory/i);
  });

  it('fails the ledger check when a balance is not the sum of its postings', async () => {
    // A fixture the guards allow: an account with a balance and no postings behind it.
    const [account] = await queryRows<{ id: string }>(
      ctx.db,
      sql`insert into ledger_accounts (code, kind, balance) values ('office:diagnostics-fixture', 'office_cash', 700) returning id`,
    );
    try {
      const result = await run('ledger');
      expect(result.status).toBe('fail');
      expect(result.message).toContain('1 account balance differs from the sum of its postings');
      expect(result.details).toMatchObject({ accountsOffTheirPostings: 1, total: 700 });
    } finally {
      await ctx.db.execute(sql`update ledger_accounts set balance = 0 where id = ${account!.id}`);
    }
    expect((await run('ledger')).status).toBe('ok');
  });

  it('fails the database check when a migration is not applied', async () => {
    const [last] = (
      (await ctx.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const result = await run('database');
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(/1 migration is not applied: \d{4}_/);
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await run('database')).status).toBe('ok');
  });

  it('fails the job queue check when due jobs wait half an hour, and warns of dead letters', async () => {
    const backlog = (b: { due: number; oldestWaitingSeconds: number | null; deadLetters: number }) =>
      run('jobs', deps({ jobs: { backlog: async () => b } }));
    expect(await backlog({ due: 4, oldestWaitingSeconds: 3_600, deadLetters: 0 })).toMatchObject({
      status: 'fail',
      message: '4 jobs wait to run, the oldest for 3600 s; no job failed for good.',
    });
    expect((await backlog({ due: 0, oldestWaitingSeconds: null, deadLetters: 2 })).status).toBe('warn');
    expect((await backlog({ due: 1, oldestWaitingSeconds: 3, deadLetters: 0 })).status).toBe('ok');
  });

  it("fails the clock check when this server's clock is a minute off the database's", async () => {
    const result = await run('clock', deps({ processClock: () => Date.now() + 60_000 }));
    expect(result.status).toBe('fail');
    expect(Number(result.details.skewMs)).toBeLessThan(-55_000);
  });

  it('fails the disk check when the data folder cannot be read', async () => {
    expect((await run('disk', deps({ dataDir: path.join(dataDir, 'gone') }))).status).toBe('fail');
  });
});
