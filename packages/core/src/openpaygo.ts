/**
 * OpenPAYGO Token: the codes a pay-as-you-go device accepts to add days, set days, unlock for
 * good (DISABLE_PAYG) or resynchronise its count. A token is the device's starting code hashed
 * forward `count` times with its secret key (SipHash-2-4), with the value carried in its last
 * three digits (six for extended tokens). The device keeps the count; each token moves it on, to
 * an even number for ADD_TIME and an odd one for the other types, so a token is used only once.
 */

export const OPENPAYGO_TOKEN_TYPES = ['ADD_TIME', 'SET_TIME', 'DISABLE_PAYG', 'COUNTER_SYNC'] as const;
export type OpenPaygoTokenType = (typeof OPENPAYGO_TOKEN_TYPES)[number];

/** The largest number of days (times the divider) one token carries. */
export const MAX_ACTIVATION_VALUE = 995;

/** A pay-as-you-go device's serial number as the manufacturer prints it (kept in capitals). */
export const DEVICE_SERIAL_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
export const MAX_ACTIVATION_VALUE_EXTENDED = 999_999;
const PAYG_DISABLE_VALUE = 998;
const COUNTER_SYNC_VALUE = 999;

export type TokenRequest = {
  /** The device's secret key: 32 hexadecimal characters (16 bytes). */
  key: string;
  /** The device's starting code (9 digits). */
  startingCode: number;
  /** The count the last token left the device at. */
  count: number;
  type: OpenPaygoTokenType;
  /** Days, for ADD_TIME and SET_TIME (times `valueDivider`, rounded); none for the other types. */
  value?: number | undefined;
  /** A device that counts in fractions of a day: 1 by default. */
  valueDivider?: number;
  /** Devices with a 4-key pad take tokens of the digits 1 to 4 only. */
  restrictedDigitSet?: boolean;
  /** Extended tokens (12 digits) carry values up to 999,999. */
  extended?: boolean;
};

export type Token = {
  /** The code to type, zero-padded: 9 digits, 12 extended, 15 restricted, 20 restricted extended. */
  token: string;
  /** The count the device is at once it accepts the token: store it for the next one. */
  newCount: number;
};

const MASK64 = (1n << 64n) - 1n;
const rotl = (x: bigint, bits: bigint) => ((x << bits) | (x >> (64n - bits))) & MASK64;

function readUint64LE(bytes: Uint8Array, offset: number): bigint {
  let value = 0n;
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(bytes[offset + i]!);
  return value;
}

/** SipHash-2-4 of `message` under a 16-byte key, as the 64-bit number it produces. */
export function sipHash24(key: Uint8Array, message: Uint8Array): bigint {
  if (key.length !== 16) throw new Error('SipHash needs a 16-byte key');
  const k0 = readUint64LE(key, 0);
  const k1 = readUint64LE(key, 8);
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;
  const round = () => {
    v0 = (v0 + v1) & MASK64;
    v1 = rotl(v1, 13n) ^ v0;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v3) & MASK64;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = (v0 + v3) & MASK64;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = (v2 + v1) & MASK64;
    v1 = rotl(v1, 17n) ^ v2;
    v2 = rotl(v2, 32n);
  };
  const whole = message.length - (message.length % 8);
  for (let offset = 0; offset < whole; offset += 8) {
    const word = readUint64LE(message, offset);
    v3 ^= word;
    round();
    round();
    v0 ^= word;
  }
  let last = BigInt(message.length & 0xff) << 56n;
  for (let i = 0; i < message.length % 8; i++) last |= BigInt(message[whole + i]!) << BigInt(8 * i);
  v3 ^= last;
  round();
  round();
  v0 ^= last;
  v2 ^= 0xffn;
  for (let i = 0; i < 4; i++) round();
  return (v0 ^ v1 ^ v2 ^ v3) & MASK64;
}

/** A big-endian unsigned integer of `bytes` bytes. */
function bigEndian(value: bigint, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = bytes - 1; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

type Scheme = {
  /** 10^digits of the value carried in the token's end. */
  valueOffset: number;
  next: (code: number, key: Uint8Array) => number;
  /** Bits of the code that become restricted digits (two bits per digit). */
  bits: number;
  digits: number;
};

const STANDARD: Scheme = {
  valueOffset: 1_000,
  bits: 30,
  digits: 9,
  next(code, key) {
    const four = bigEndian(BigInt(code), 4);
    const message = new Uint8Array(8);
    message.set(four, 0);
    message.set(four, 4);
    const hash = sipHash24(key, message);
    const folded = (hash >> 32n) ^ (hash & 0xffff_ffffn);
    // 30 bits, brought under 10^9.
    let value = Number((folded >> 2n) & 0x3fff_ffffn);
    if (value > 999_999_999) value -= 73_741_825;
    return value;
  },
};

const EXTENDED: Scheme = {
  valueOffset: 1_000_000,
  bits: 40,
  digits: 12,
  next(code, key) {
    const hash = sipHash24(key, bigEndian(BigInt(code), 8));
    // 40 bits, brought under 10^12.
    let value = Number(hash >> 24n);
    if (value > 999_999_999_999) value -= 99_511_627_777;
    return value;
  },
};

/** Replaces the code's last digits (its "base") with `base`. */
const withBase = (code: number, base: number, scheme: Scheme) => code - (code % scheme.valueOffset) + base;

/** Two bits per digit, most significant first, each written as 1 to 4. */
function toRestrictedDigits(code: number, scheme: Scheme): string {
  let digits = '';
  const value = BigInt(code);
  for (let i = scheme.bits - 2; i >= 0; i -= 2) digits += String(Number((value >> BigInt(i)) & 3n) + 1);
  return digits;
}

function hexKey(key: string): Uint8Array {
  if (!/^[0-9a-fA-F]{32}$/.test(key)) throw new Error('The device key must be 32 hexadecimal characters');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(key.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * The count a token of this type moves the device to: ADD_TIME to the next even number, the
 * other types to the next odd one (always forward, by one or two).
 */
export function nextCount(count: number, type: OpenPaygoTokenType): number {
  const odd = count % 2 === 1;
  return type === 'ADD_TIME' ? count + (odd ? 1 : 2) : count + (odd ? 2 : 1);
}

/** Generates a token (refusing a value out of range, or a value for a type that takes none). */
export function generateToken(request: TokenRequest): Token {
  const scheme = request.extended ? EXTENDED : STANDARD;
  if (!Number.isInteger(request.count) || request.count < 0)
    throw new Error('The count must be a whole number, 0 or more');
  if (!Number.isInteger(request.startingCode) || request.startingCode < 0 || request.startingCode > 999_999_999) {
    throw new Error('The starting code must have at most 9 digits');
  }
  let value: number;
  if (request.type === 'ADD_TIME' || request.type === 'SET_TIME') {
    if (request.value === undefined) throw new Error(`${request.type} needs a value`);
    value = Math.round(request.value * (request.valueDivider ?? 1));
    const max = request.extended ? MAX_ACTIVATION_VALUE_EXTENDED : MAX_ACTIVATION_VALUE;
    if (value < 0 || value > max) throw new Error(`The value must be between 0 and ${max}`);
  } else {
    if (request.value !== undefined) throw new Error(`${request.type} takes no value`);
    value = request.type === 'DISABLE_PAYG' ? PAYG_DISABLE_VALUE : COUNTER_SYNC_VALUE;
  }
  const key = hexKey(request.key);
  const startingBase = request.startingCode % scheme.valueOffset;
  const base = (startingBase + value) % scheme.valueOffset;
  const newCount = nextCount(request.count, request.type);
  let code = withBase(request.startingCode, base, scheme);
  for (let i = 0; i < newCount; i++) code = scheme.next(code, key);
  code = withBase(code, base, scheme);
  const token = request.restrictedDigitSet
    ? toRestrictedDigits(code, scheme)
    : String(code).padStart(scheme.digits, '0');
  return { token, newCount };
}

/** How many counts past the last accepted one a device looks for a token's count. */
const DECODE_WINDOW = 30;

export type DecodedToken = { type: OpenPaygoTokenType; count: number; value: number | null };

/**
 * What a device does with a token, as the standard's decoder does it: reads the value from the
 * token's last digits, then looks for the count (past the last one it took) whose code the token
 * is. Null for a token the device refuses: not its own, or a count it has already passed.
 */
export function decodeToken(input: {
  key: string;
  startingCode: number;
  /** The count the device is at (the last token it took). */
  lastCount: number;
  token: string;
  restrictedDigitSet?: boolean;
  extended?: boolean;
}): DecodedToken | null {
  const scheme = input.extended ? EXTENDED : STANDARD;
  const code = input.restrictedDigitSet ? fromRestrictedDigits(input.token) : Number(input.token);
  if (!Number.isSafeInteger(code)) return null;
  const key = hexKey(input.key);
  const base = code % scheme.valueOffset;
  const value = (base - (input.startingCode % scheme.valueOffset) + scheme.valueOffset) % scheme.valueOffset;
  let candidate = withBase(input.startingCode, base, scheme);
  for (let count = 1; count <= input.lastCount + DECODE_WINDOW; count++) {
    candidate = scheme.next(candidate, key);
    if (count <= input.lastCount || withBase(candidate, base, scheme) !== code) continue;
    if (value === PAYG_DISABLE_VALUE) return { type: 'DISABLE_PAYG', count, value: null };
    if (value === COUNTER_SYNC_VALUE) return { type: 'COUNTER_SYNC', count, value: null };
    return { type: count % 2 === 0 ? 'ADD_TIME' : 'SET_TIME', count, value };
  }
  return null;
}

function fromRestrictedDigits(digits: string): number {
  let value = 0n;
  for (const digit of digits) value = (value << 2n) | BigInt(Number(digit) - 1);
  return Number(value);
}
