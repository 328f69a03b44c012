import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (device keys) with AES-256-GCM, under a key
 * derived from the app's AUTH_SECRET for this one purpose (HKDF-SHA256). A copy of the database
 * alone does not reveal them; tampering is detected when they are read.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

const VERSION = 'v1';

export function createSecretBox(appSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'ecogrid', `secret-box:${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const deviceBoxes = new Map<string, SecretBox>();

/** The box for pay-as-you-go devices' secret keys (one per app secret: HKDF runs once). */
export function deviceKeyBox(appSecret: string): SecretBox {
  let box = deviceBoxes.get(appSecret);
  if (!box) {
    box = createSecretBox(appSecret, 'device-keys');
    deviceBoxes.set(appSecret, box);
  }
  return box;
}
