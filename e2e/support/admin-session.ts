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

/**
 * Signs the demo admin in, with the authenticator key `key()` gives, on a second device, and keeps
 * that device signed in for the journeys after: second-factor checks are rate-limited per
 * address, and every journey comes from 127.0.0.1.
 */
export function adminSignIn(key: () => string) {
  let adminPage: Page | undefined;
  return async function signInAdmin(browser: Browser, path: string) {
    if (adminPage) {
      await adminPage.goto(path);
      return adminPage;
    }
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`/auth?redirect=${encodeURIComponent(path)}`);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.getByLabel('Code from your authenticator app').fill(codeFor(key()));
    await admin.getByRole('button', { name: 'Continue' }).click();
    await expect(admin).toHaveURL(path);
    adminPage = admin;
    return admin;
  };
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
