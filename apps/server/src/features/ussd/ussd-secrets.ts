import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

const KEY_LENGTH = 32;

const derive = (secret: string, salt: BinaryLike) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** A salted scrypt hash of a PIN or a code, as "salt.hash" in base64url: the secret itself is never stored. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}.${(await derive(secret, salt)).toString('base64url')}`;
}

/** Whether `secret` is the one hashed in `stored` (compared in constant time). */
export async function secretMatches(secret: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(secret, Buffer.from(salt, 'base64url'));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A PIN anyone would try first: one digit four times (0000, 7777) or a run up or down
 * (1234, 6789, 4321, 9876).
 */
export function trivialPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}
