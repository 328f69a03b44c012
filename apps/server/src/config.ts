import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in settings are read from where npm was started, else here. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const baseDir = process.env.INIT_CWD ?? ROOT_DIR;

const booleanSetting = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as http://localhost:3000' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MEDIA_DIR: z.string().min(1).optional(),
  // S3-compatible object storage for product pictures and identity documents, used when S3_BUCKET is set.
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'must be a full URL such as http://localhost:9000' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanSetting.default(true),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // A streaming replica of DATABASE_URL's server: reports, exports and the portfolio figures read
  // from it (docs/decisions/026-read-replica.md); unset, they read from the primary.
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_DATA: booleanSetting.default(true),
  DEMO_ACCOUNTS: booleanSetting.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'apps/web/dist')),
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (for example: openssl rand -base64 32)')
    .default('development-only-secret-change-me-0123456789'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('EcoGrid <no-reply@ecogrid.local>'),
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  AT_SENDER_ID: z.string().min(1).optional(),
  AT_BASE_URL: z.url().default('https://api.africastalking.com'),
  // The token in the addresses Africa's Talking posts its callbacks to (USSD, SMS delivery
  // reports, payment notifications); derived from AUTH_SECRET when unset.
  AT_CALLBACK_TOKEN: z
    .string()
    .regex(/^[\w-]{24,128}$/, 'must be 24-128 letters, digits, - or _')
    .optional(),
  // The business number customers pay by paybill (MTN *165#, Airtel *185#), shown with their
  // account number; unset hides the paybill instructions.
  PAYBILL_NUMBER: z
    .string()
    .regex(/^\d{3,10}$/, 'must be 3-10 digits')
    .optional(),
  // Where customers reach a person: the support phone number (calls, SMS and WhatsApp), in
  // international form, and the USSD code of the menu for phones without the app; unset hides each.
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+\d{9,15}$/, 'must be an international number such as +256700123456')
    .optional(),
  USSD_CODE: z
    .string()
    .regex(/^\*[\d*]+#$/, 'must be a USSD code such as *284*21#')
    .optional(),
  // The assistant's optional language model: an OpenAI-compatible chat-completions API (its base
  // URL, such as https://api.openai.com/v1), its key if it needs one, and the model's name. Unset,
  // the assistant answers by search alone.
  ASSISTANT_CHAT_URL: z.url({ error: 'must be a full URL such as https://api.openai.com/v1' }).optional(),
  ASSISTANT_CHAT_KEY: z.string().min(1).optional(),
  ASSISTANT_CHAT_MODEL: z.string().min(1).max(200).optional(),
  // Background jobs: how long one attempt (sending one message, say) may run before it counts as
  // failed and is retried, and how often such attempts are looked for. A process killed mid-job
  // has its job retried within about the sum of the two.
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  JOB_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // The system checks (/system-testing), run every hour and on demand: where their test email
  // goes (else to the admin who pressed Run now; the hourly run then sends none), how long one
  // check may take before it counts as failed, and the commit this copy was built from.
  DIAGNOSTICS_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  DIAGNOSTICS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(20),
  GIT_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/, 'must be a git commit id (7-40 hex digits)')
    .optional(),
  // Mobile money. A network whose base URL is unset goes to the sandbox built into the app.
  MTN_MOMO_BASE_URL: z.url().optional(),
  MTN_MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('mtnuganda'),
  MTN_MOMO_CURRENCY: z.string().length(3).default('UGX'),
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MTN_MOMO_COLLECTION_API_USER: z.string().min(1).optional(),
  MTN_MOMO_COLLECTION_API_KEY: z.string().min(1).optional(),
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MTN_MOMO_DISBURSEMENT_API_USER: z.string().min(1).optional(),
  MTN_MOMO_DISBURSEMENT_API_KEY: z.string().min(1).optional(),
  AIRTEL_MONEY_BASE_URL: z.url().optional(),
  AIRTEL_MONEY_CLIENT_ID: z.string().min(1).optional(),
  AIRTEL_MONEY_CLIENT_SECRET: z.string().min(1).optional(),
  AIRTEL_MONEY_CALLBACK_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  AIRTEL_MONEY_DISBURSEMENT_PIN: z.string().min(1).optional(),
  MOBILE_MONEY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(30),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // An agent's sale paid in cash waits this long for the agent to record the cash, its units
  // reserved; then it is cancelled as an unpaid mobile-money order is after its 30 minutes.
  CASH_ORDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // The built-in sandbox network takes test money for any network whose base URL is unset: on by
  // default outside production; in production only when asked for, so test money never passes
  // for real money by accident.
  MOBILE_MONEY_SANDBOX: booleanSetting.optional(),
  SANDBOX_SETTLE_SECONDS: z.coerce.number().min(0).max(600).default(3),
  SANDBOX_LATE_CALLBACK_SECONDS: z.coerce.number().min(0).max(3600).default(90),
});

/** Every setting the server reads; .env.example and docs/settings.md list the same ones. */
export const SETTING_NAMES = Object.keys(settingsSchema.shape);

export type Settings = Omit<
  z.infer<typeof settingsSchema>,
  'PUBLIC_URL' | 'DEMO_ACCOUNTS' | 'MEDIA_DIR' | 'MOBILE_MONEY_SANDBOX'
> & {
  PUBLIC_URL: string;
  /** Uploaded files (product pictures): MEDIA_DIR, or `media` inside DATA_DIR. Unused with S3_BUCKET. */
  MEDIA_DIR: string;
  /** Identity documents: `documents` inside DATA_DIR (private; only the API serves them). Unused with S3_BUCKET. */
  DOCUMENTS_DIR: string;
  DEMO_ACCOUNTS: boolean;
  /** Networks without a base URL go to the built-in sandbox (test money); otherwise they are off. */
  MOBILE_MONEY_SANDBOX: boolean;
};

/** Parses settings; a bad value stops the process with a message naming the setting. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  // An empty value (`PUBLIC_URL=` in .env) means "use the default".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = settingsSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings (see .env.example):\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  if (s.NODE_ENV === 'production' && s.AUTH_SECRET.startsWith('development-only')) {
    throw new Error(
      'Invalid settings (see .env.example):\n  AUTH_SECRET: must be set to your own secret in production',
    );
  }
  const networkKeys = [
    ...(s.MTN_MOMO_BASE_URL
      ? ([
          'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY',
          'MTN_MOMO_COLLECTION_API_USER',
          'MTN_MOMO_COLLECTION_API_KEY',
        ] as const)
      : []),
    ...(s.AIRTEL_MONEY_BASE_URL
      ? (['AIRTEL_MONEY_CLIENT_ID', 'AIRTEL_MONEY_CLIENT_SECRET', 'AIRTEL_MONEY_CALLBACK_KEY'] as const)
      : []),
  ];
  const storageKeys = s.S3_BUCKET ? (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) : [];
  const missing = [
    ...networkKeys.filter((name) => !s[name]).map((name) => `  ${name}: required when the network's base URL is set`),
    ...storageKeys.filter((name) => !s[name]).map((name) => `  ${name}: required when S3_BUCKET is set`),
    ...(s.DATABASE_REPLICA_URL && !s.DATABASE_URL
      ? ['  DATABASE_URL: required when DATABASE_REPLICA_URL is set (the replica only serves reads)']
      : []),
    ...(s.ASSISTANT_CHAT_URL && !s.ASSISTANT_CHAT_MODEL
      ? ['  ASSISTANT_CHAT_MODEL: required when ASSISTANT_CHAT_URL is set']
      : []),
  ];
  if (missing.length > 0) {
    throw new Error(`Invalid settings (see .env.example):\n${missing.join('\n')}`);
  }
  const sandbox = s.MOBILE_MONEY_SANDBOX ?? s.NODE_ENV !== 'production';
  if (s.NODE_ENV === 'production' && !sandbox && !s.MTN_MOMO_BASE_URL && !s.AIRTEL_MONEY_BASE_URL) {
    throw new Error(
      'Invalid settings (see .env.example):\n  MOBILE_MONEY_SANDBOX: no mobile-money network is configured. Set MTN_MOMO_BASE_URL or AIRTEL_MONEY_BASE_URL with their credentials, or MOBILE_MONEY_SANDBOX=true to take test money that is not real',
    );
  }
  const publicUrl = s.PUBLIC_URL ?? `http://localhost:${s.PORT}`;
  const dataDir = path.resolve(baseDir, s.DATA_DIR);
  return {
    ...s,
    DATA_DIR: dataDir,
    MEDIA_DIR: s.MEDIA_DIR ? path.resolve(baseDir, s.MEDIA_DIR) : path.join(dataDir, 'media'),
    DOCUMENTS_DIR: path.join(dataDir, 'documents'),
    WEB_DIST_DIR: path.resolve(baseDir, s.WEB_DIST_DIR),
    PUBLIC_URL: publicUrl,
    // Demo sign-ins have a published password: on by default only for a development copy that
    // people reach at a loopback address, never for one with a public address or in production.
    DEMO_ACCOUNTS: s.DEMO_ACCOUNTS ?? (s.NODE_ENV !== 'production' && isLoopback(publicUrl)),
    MOBILE_MONEY_SANDBOX: sandbox,
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Reads KEY=value lines from the root .env, if one exists, without overriding the environment. */
export function loadDotEnv(file = path.join(ROOT_DIR, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
