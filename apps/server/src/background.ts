import type { Settings } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { pruneExpiredAuthRecords } from './features/auth/cleanup.service.ts';
import { pruneIdempotencyKeys } from './platform/idempotency.ts';
import { startJobs, type Jobs, type JobsOptions, type RetryPolicy } from './platform/jobs.ts';
import type { Logger } from './platform/logger.ts';
import { createMailer } from './platform/mail.ts';
import { startMessaging, type Messages } from './platform/messaging.ts';
import { createMobileMoney, type MobileMoney, type MobileMoneySettings } from './platform/mobile-money/index.ts';
import type { Realtime } from './platform/realtime.ts';
import type { Storage } from './platform/storage.ts';
import { APP_VERSION } from './platform/version.ts';
import { runLoanDay } from './features/loans/portfolio.service.ts';
import { startDiagnostics, type Diagnostics } from './features/diagnostics/diagnostics.service.ts';
import type { NotifierDeps } from './features/notifications/notifications.service.ts';
import { tellAdmins } from './features/notifications/staff-notices.service.ts';
import { expireUnpaidOrders } from './features/orders/pay-order.ts';
import { reconcilePayments } from './features/payments/payments.service.ts';
import { deviceKeyBox } from './platform/secret-box.ts';
import { createSmsSender, type SmsSender } from './platform/sms.ts';
import { startCampaignSending } from './features/campaigns/batch-worker.ts';
import { registerFeatureRules } from './rules.ts';

export type BackgroundSettings = Pick<Settings, 'MAIL_FROM' | 'AUTH_SECRET' | 'NODE_ENV' | 'DATA_DIR'> &
  MobileMoneySettings &
  Partial<
    Pick<
      Settings,
      | 'SMTP_URL'
      | 'AT_USERNAME'
      | 'AT_API_KEY'
      | 'AT_SENDER_ID'
      | 'AT_BASE_URL'
      | 'JOB_TIMEOUT_SECONDS'
      | 'JOB_CHECK_SECONDS'
      | 'DIAGNOSTICS_EMAIL'
      | 'DIAGNOSTICS_TIMEOUT_SECONDS'
      | 'GIT_COMMIT'
    >
  >;

export type Background = { jobs: Jobs; messages: Messages; mobileMoney: MobileMoney; diagnostics: Diagnostics };

/**
 * The work done beside requests: the job queue, email and SMS delivery, and the daily tasks.
 * Every app process runs it; the queue hands each job to one of them.
 */
export async function startBackgroundWork(
  database: DatabaseHandle,
  logger: Logger,
  settings: BackgroundSettings,
  realtime: Realtime,
  options: {
    jobs?: JobsOptions;
    deliveryRetry?: RetryPolicy;
    sms?: SmsSender;
    /** The uploaded files' storage, which the system checks write a test file to. */
    storage?: Storage;
  } = {},
): Promise<Background> {
  // The jobs settle payments and expire orders: the features' reactions must be in place.
  registerFeatureRules();
  // Set once messaging runs (it needs the queue): a job that fails for good is told to the admins.
  let notifier: NotifierDeps | null = null;
  const jobs = await startJobs(database, logger, {
    timeoutSeconds: settings.JOB_TIMEOUT_SECONDS,
    checkSeconds: settings.JOB_CHECK_SECONDS,
    onGaveUp: async (job) => {
      if (!notifier) return;
      await tellAdmins(database.db, notifier, {
        type: 'account',
        text: { key: 'notifications:staff.jobFailed', values: { queue: job.queue } },
        data: { jobId: job.id, queue: job.queue },
        // In the inbox only: emailing news of a failed email delivery could fail and feed itself.
        email: false,
      });
    },
    ...options.jobs,
  });
  try {
    const sms = options.sms ?? createSmsSender(settings);
    const messages = await startMessaging({
      db: database.db,
      jobs,
      mailer: createMailer(settings),
      sms,
      logger,
      retry: options.deliveryRetry,
      production: settings.NODE_ENV === 'production',
    });
    notifier = { realtime, messages, publicUrl: settings.PUBLIC_URL };
    // SMS campaigns go in batches, at the provider's rate, straight to its bulk send.
    await startCampaignSending(jobs, { db: database.db, sms, messages, logger });
    const mobileMoney = createMobileMoney(settings, { db: database.db, jobs, logger });
    await mobileMoney.start();
    const paymentDeps = {
      db: database.db,
      mobileMoney,
      logger,
      realtime,
      messages,
      publicUrl: settings.PUBLIC_URL,
      deviceKeys: deviceKeyBox(settings.AUTH_SECRET),
    };
    // Every minute: pending mobile-money payments whose callback has not come are looked up at
    // the network (MTN sends a callback once and never again), and expired ones closed.
    await jobs.schedule('reconcile-payments', '* * * * *', async () => {
      const result = await reconcilePayments(paymentDeps, { graceSeconds: settings.PAYMENT_RECONCILE_AFTER_SECONDS });
      if (result.checked + result.unanswered > 0) logger.info(result, 'payments reconciled');
      // Then orders whose payment window closed with no payment pending give their units back.
      const cancelled = await expireUnpaidOrders(paymentDeps);
      if (cancelled > 0) logger.info({ cancelled }, 'unpaid orders cancelled');
    });
    // After downtime, at once: callbacks that came while no process was up were lost.
    await jobs.runNow('reconcile-payments');
    // Every morning in Kampala: loans' arrears, and reminders of instalments due within 3 days.
    // Run at start-up too: after downtime the missed days are caught up (safe to run twice).
    await jobs.schedule('loan-day', '0 7 * * *', async () => {
      logger.info(await runLoanDay(paymentDeps), 'loan reminders and arrears done');
    });
    await jobs.runNow('loan-day');
    // Daily tasks, at quiet hours in Kampala. Later features add theirs here.
    await jobs.schedule('daily-cleanup', '30 3 * * *', async () => {
      const removed = {
        ...(await pruneExpiredAuthRecords(database.db)),
        idempotencyKeys: await pruneIdempotencyKeys(database.db),
      };
      logger.info({ removed }, 'daily cleanup done');
    });
    // Every hour, and whenever an admin presses Run now: the system checks (/system-testing).
    const diagnostics = await startDiagnostics(
      {
        db: database.db,
        jobs,
        mailer: createMailer(settings),
        sms: settings,
        mobileMoney,
        storage: options.storage ?? null,
        dataDir: settings.DATA_DIR,
        version: APP_VERSION,
        commit: settings.GIT_COMMIT ?? null,
        mailTo: settings.DIAGNOSTICS_EMAIL ?? null,
        timeoutMs: (settings.DIAGNOSTICS_TIMEOUT_SECONDS ?? 20) * 1000,
        notifier,
        logger,
      },
      jobs,
    );
    return { jobs, messages, mobileMoney, diagnostics };
  } catch (error) {
    await jobs.stop();
    throw error;
  }
}
