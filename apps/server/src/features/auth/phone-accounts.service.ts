import { eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { AppError } from '#src/platform/errors.ts';
import { phoneOnlyEmail } from './phone-sign-up.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

export type PhoneAccount = {
  /** E.164, already proved to be the customer's (they read back a code sent to it). */
  phoneNumber: string;
  fullName: string;
  district: string;
  subCounty: string;
  village: string;
  preferredLanguage: 'english' | 'luganda' | 'swahili';
};

/**
 * A customer account registered for someone in person: a confirmed phone number and no password
 * (no credential account at all). It signs in only once its holder sets a password by an SMS
 * code at /forgot-password, which creates the credential; until then the customer is served by
 * the agent and by USSD. A number held by an account that never confirmed it is taken over, as a
 * phone sign-up does once the holder's ten minutes are up: the code just read back proves who
 * holds it now. A confirmed holder keeps it (409).
 */
export async function createPhoneAccount(tx: Tx, account: PhoneAccount): Promise<string> {
  const [holder] = await tx
    .select({ id: users.id, email: users.email, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.phoneNumber, account.phoneNumber))
    .for('update');
  if (holder?.verified) {
    throw new AppError('phone_taken', 'This phone number already has an account. Send a consent code instead.', 409);
  }
  if (holder) {
    if (holder.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`)) await tx.delete(users).where(eq(users.id, holder.id));
    else await tx.update(users).set({ phoneNumber: null }).where(eq(users.id, holder.id));
  }
  const [created] = await tx
    .insert(users)
    .values({
      name: account.fullName,
      fullName: account.fullName,
      email: phoneOnlyEmail(account.phoneNumber),
      emailVerified: false,
      phoneNumber: account.phoneNumber,
      phoneNumberVerified: true,
      userType: 'customer',
      district: account.district,
      subCounty: account.subCounty,
      village: account.village,
      preferredLanguage: account.preferredLanguage,
    })
    .returning({ id: users.id });
  return created!.id;
}

/** Codes texted for others (an agent registering a customer) come out of the number's SMS code allowance. */
export { takeCodeAllowance } from './code-allowance.ts';
