import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, ROOT_DIR, SETTING_NAMES } from './config.ts';

describe('settings', () => {
  it('has safe defaults for everything', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', SEED_DEMO_DATA: true, LOG_LEVEL: 'info' });
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(path.isAbsolute(settings.DATA_DIR)).toBe(true);
    expect(settings.MEDIA_DIR).toBe(path.join(settings.DATA_DIR, 'media'));
    expect(settings.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('treats an empty value as the default', () => {
    const settings = loadSettings({ DATABASE_URL: '', PORT: '' });
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.PORT).toBe(3000);
  });

  it('names each bad setting in one message', () => {
    expect(() => loadSettings({ PORT: '99999', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*SEED_DEMO_DATA: must be true or false/,
    );
  });

  it('takes a read replica only beside a primary, and only a PostgreSQL address', () => {
    const replica = 'postgres://reader@replica:5432/ecogrid';
    expect(() => loadSettings({ DATABASE_REPLICA_URL: replica })).toThrow(
      'DATABASE_URL: required when DATABASE_REPLICA_URL is set',
    );
    expect(() => loadSettings({ DATABASE_URL: 'postgres://p/ecogrid', DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(
      /DATABASE_REPLICA_URL: must start with postgres:\/\//,
    );
    expect(
      loadSettings({ DATABASE_URL: 'postgres://p/ecogrid', DATABASE_REPLICA_URL: replica }).DATABASE_REPLICA_URL,
    ).toBe(replica);
  });

  it('requires the S3 keys when S3_BUCKET is set', () => {
    expect(() => loadSettings({ S3_BUCKET: 'ecogrid' })).toThrow(
      [
        'Invalid settings (see .env.example):',
        '  S3_ACCESS_KEY_ID: required when S3_BUCKET is set',
        '  S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
      ].join('\n'),
    );
    expect(() => loadSettings({ S3_BUCKET: 'ecogrid', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /^Invalid settings \(see \.env\.example\):\n {2}S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set$/,
    );
    const settings = loadSettings({ S3_BUCKET: 'ecogrid', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(settings).toMatchObject({ S3_BUCKET: 'ecogrid', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadSettings({}).S3_BUCKET).toBeUndefined();
  });

  it('creates the demo sign-ins by default only for a development copy at a loopback address', () => {
    expect(loadSettings({}).DEMO_ACCOUNTS).toBe(true);
    expect(loadSettings({ PUBLIC_URL: 'http://127.0.0.1:3000' }).DEMO_ACCOUNTS).toBe(true);
    expect(loadSettings({ PUBLIC_URL: 'https://shop.ecogrid.ug' }).DEMO_ACCOUNTS).toBe(false);
    expect(loadSettings({ PUBLIC_URL: 'http://192.168.1.20:3000' }).DEMO_ACCOUNTS).toBe(false);
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-real-secret-of-at-least-32-characters!',
      MOBILE_MONEY_SANDBOX: 'true',
    };
    expect(loadSettings(production).DEMO_ACCOUNTS).toBe(false);
    expect(loadSettings({ ...production, DEMO_ACCOUNTS: 'true' }).DEMO_ACCOUNTS).toBe(true);
  });

  it('refuses to start in production on test money unless the sandbox is asked for', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'a-real-secret-of-at-least-32-characters!' };
    expect(() => loadSettings(production)).toThrow(/MOBILE_MONEY_SANDBOX: no mobile-money network is configured/);
    expect(() => loadSettings({ ...production, MOBILE_MONEY_SANDBOX: 'false' })).toThrow(/MOBILE_MONEY_SANDBOX/);
    expect(loadSettings({ ...production, MOBILE_MONEY_SANDBOX: 'true' }).MOBILE_MONEY_SANDBOX).toBe(true);
    const mtn = {
      ...production,
      MTN_MOMO_BASE_URL: 'https://proxy.momoapi.mtn.com',
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: 'k',
      MTN_MOMO_COLLECTION_API_USER: 'u',
      MTN_MOMO_COLLECTION_API_KEY: 'a',
    };
    // A real network is enough; the one left unset is off, not the sandbox.
    expect(loadSettings(mtn).MOBILE_MONEY_SANDBOX).toBe(false);
    expect(loadSettings({}).MOBILE_MONEY_SANDBOX).toBe(true);
    expect(loadSettings({ MOBILE_MONEY_SANDBOX: 'false' }).MOBILE_MONEY_SANDBOX).toBe(false);
  });

  it('is documented setting for setting in .env.example and docs/settings.md', () => {
    const documented = (file: string, pattern: RegExp) =>
      [...readFileSync(path.join(ROOT_DIR, file), 'utf8').matchAll(pattern)].map((m) => m[1]).sort();
    expect(documented('.env.example', /^([A-Z][A-Z0-9_]*)=/gm)).toEqual([...SETTING_NAMES].sort());
    expect(documented('docs/settings.md', /^\| `([A-Z][A-Z0-9_]*)`\s*\|/gm)).toEqual([...SETTING_NAMES].sort());
  });
});
