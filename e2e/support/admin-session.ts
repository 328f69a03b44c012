import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { totpFromUri } from '../../apps/server/test/totp.ts';

// The demo admin (DEMO_ACCOUNTS=true in the test server) starts without an authenticator app.
export const ADMIN = { email: 'admin@ecogrid.demo', password: 'solar lantern at dusk' };
export const codeFor = (key: string) => totpFromUri(`otpauth://totp/EcoGrid?secret=${key.replace(/\s/g, '')}`);

export async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email or phone number').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
}

// The server runs once for all journey files: the first to set up the admin's authenticator
// leaves its key here for the files after it (a file run alone sets one up itself).
const keyFile = () => path.join(process.env.E2E_STATE_DIR!, 'admin-authenticator-key');

export function saveAdminKey(key: string) {
  writeFileSync(keyFile(), key);
}

/**
 * Sets up the authenticator app of a staff member who has none yet, through the same API calls
 * as My account makes (from `page`'s origin), and leaves `page` signed out; answers its key.
 */
export async function setUpAuthenticator(page: Page, account: { email: string; password: string }): Promise<string> {
  const post = (url: string, data: object) =>
    page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
  expect((await post('/api/auth/sign-in/email', account)).ok()).toBe(true);
  const enabled = await post('/api/auth/two-factor/enable', { password: account.password });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const key = new URL(totpURI).searchParams.get('secret')!;
  await expect(async () => {
    const verified = await post('/api/auth/two-factor/verify-totp', { code: codeFor(key) });
    expect(verified.ok(), await verified.text()).toBe(true);
  }).toPass({ intervals: [4_000, 6_000], timeout: 30_000 });
  await page.context().clearCookies();
  return key;
}

/** The admin's authenticator key: the one saved earlier in this run, or one set up now. */
async function adminKey(page: Page): Promise<string> {
  if (existsSync(keyFile())) return readFileSync(keyFile(), 'utf8');
  const key = await setUpAuthenticator(page, ADMIN);
  saveAdminKey(key);
  return key;
}

/**
 * On the sign-in page's second step: types the authenticator's current code and continues to
 * `to`. Second-factor checks allow three tries per address in ten seconds, and every journey
 * comes from 127.0.0.1, so a refused try is made again once that window has passed.
 */
export async function enterAuthenticatorCode(page: Page, key: string, to: string) {
  const code = page.getByLabel('Code from your authenticator app');
  await expect(async () => {
    if (await code.isVisible()) {
      await code.fill(codeFor(key));
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await expect(page).toHaveURL(to, { timeout: 3_000 });
  }).toPass({ intervals: [4_000, 6_000], timeout: 30_000 });
}

/**
 * Signs the demo admin in, with the authenticator key `key()` gives (else the run's saved one),
 * on a second device, and keeps that device signed in for the journeys after: second-factor
 * checks are rate-limited per address, and every journey comes from 127.0.0.1.
 */
export function adminSignIn(key: () => string = () => '') {
  let adminPage: Page | undefined;
  return async function signInAdmin(browser: Browser, to: string) {
    if (adminPage) {
      await adminPage.goto(to);
      return adminPage;
    }
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`/auth?redirect=${encodeURIComponent(to)}`);
    const secret = key() || (await adminKey(admin));
    await signIn(admin, ADMIN.email, ADMIN.password);
    await enterAuthenticatorCode(admin, secret, to);
    adminPage = admin;
    return admin;
  };
}

/**
 * On an admin's order page: the order bought on credit is prepared, shipped and delivered, with
 * the device of serial number `serial` handed over (each move confirmed in its dialog).
 */
export async function deliverWithDevice(admin: Page, serial: string) {
  for (const [move, confirm] of [
    ['Start preparing', 'Yes, start preparing'],
    ['Mark as shipped', 'Yes, mark as shipped'],
    ['Mark as delivered', 'Yes, mark as delivered'],
  ]) {
    await admin.getByRole('button', { name: move }).click();
    if (move === 'Mark as delivered') {
      await admin.getByLabel('Serial number of the device handed over (optional)').fill(serial);
    }
    await admin.getByRole('button', { name: confirm }).click();
  }
}

export async function firstPickupPoint(page: Page): Promise<string> {
  const options = (await (await page.request.get('/api/checkout/options')).json()) as {
    pickupPoints: { id: string }[];
  };
  return options.pickupPoints[0]!.id;
}

// A small photo, as a phone camera would hand over (shrunk again in the browser before sending).
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIiWM40OBAU8QwakHDaBA5jKaiA6MZzWG0qDgwWpo2jFY4B0arzIbRVoXDaMOrYbTp6DCoW9cALfwAWywm4rgAAAAASUVORK5CYII=',
  'base64',
);
