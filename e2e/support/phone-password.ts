import { expect, type Page } from '@playwright/test';
import { smsFromOutbox } from './agent-field.ts';

/** A customer registered by an agent, who has a phone number and no password yet. */
export type PhoneCustomer = { local: string; e164: string; password: string };

/** The reset code's SMS, in whichever language the customer's account reads (English, Luganda, Kiswahili). */
const RESET_CODE = /(?:password reset code is|ekigambo ky'ekyama ye|kubadilisha nenosiri ni) (\d{6})/;

/**
 * Gives the customer a password with the reset code texted to their phone, read from the outbox
 * by `admin` (no SMS provider is configured in the journeys).
 */
export async function setPasswordByPhone(page: Page, admin: Page, customer: PhoneCustomer) {
  const post = (url: string, data: object) =>
    page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
  // The code is texted by a background job; on a busy machine it is asked for again.
  let otp = '';
  for (let attempt = 1; !otp; attempt++) {
    const asked = await post('/api/auth/phone-number/request-password-reset', { phoneNumber: customer.local });
    expect(asked.ok(), await asked.text()).toBe(true);
    try {
      otp = await smsFromOutbox(admin, customer.e164, RESET_CODE);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const reset = await post('/api/auth/phone-number/reset-password', {
    phoneNumber: customer.local,
    otp,
    newPassword: customer.password,
  });
  expect(reset.ok(), await reset.text()).toBe(true);
}
